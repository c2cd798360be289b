import { IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../errors/messages.ts";
import { isValidPhone, isValidWebsite, normalizeWebsite } from "./fields.ts";
import { SETTINGS_MESSAGES } from "./messages.ts";
import { DEFAULT_NOTIFICATIONS, DEFAULT_TIMEZONE, INDUSTRIES, TIMEZONES, timezoneLabel } from "./options.ts";
import { UpdateOrganizationSettingsSchema } from "./schemas.ts";
import { timeZoneNames } from "./time-zones.ts";

describe("the choices of spec 3", () => {
  it("has the eight timezones as real IANA names with the specification's labels", () => {
    expect(TIMEZONES.map((timezone) => timezone.label)).toEqual([
      "UTC",
      "Eastern",
      "Central",
      "Mountain",
      "Pacific US",
      "London",
      "Paris",
      "Tokyo",
    ]);
    for (const { value } of TIMEZONES) expect(IANAZone.isValidZone(value)).toBe(true);
    expect(DEFAULT_TIMEZONE).toBe("UTC");
    expect(timezoneLabel("America/New_York")).toBe("Eastern");
    expect(timezoneLabel("Africa/Cairo")).toBe("Africa/Cairo");
  });

  it("offers every IANA time zone, the specification's eight first, under today's names", () => {
    const names = timeZoneNames();
    expect(names.slice(0, 8)).toEqual(TIMEZONES.map((timezone) => timezone.value));
    expect(names.length).toBeGreaterThan(300);
    expect(names).toEqual(
      expect.arrayContaining([
        "Asia/Kolkata",
        "Australia/Sydney",
        "Asia/Singapore",
        "America/Sao_Paulo",
        "Europe/Kyiv",
      ]),
    );
    expect(names).not.toContain("Asia/Calcutta");
    expect(new Set(names).size).toBe(names.length);
    const rest = names.slice(8);
    expect(rest).toEqual([...rest].sort());
    for (const name of names) expect(IANAZone.isValidZone(name)).toBe(true);
  });

  it("accepts any listed zone, an older name as today's, and refuses the rest", () => {
    const timezoneOf = (timezone: unknown) => UpdateOrganizationSettingsSchema.safeParse({ name: "Acme", timezone });
    expect(timezoneOf("Asia/Kolkata").data?.timezone).toBe("Asia/Kolkata");
    expect(timezoneOf("Australia/Sydney").data?.timezone).toBe("Australia/Sydney");
    expect(timezoneOf("Asia/Calcutta").data?.timezone).toBe("Asia/Kolkata");
    expect(timezoneOf("Mars/Olympus_Mons").error?.issues[0]?.message).toBe(SETTINGS_MESSAGES.timezoneInvalid);
    expect(timezoneOf("").error?.issues[0]?.message).toBe(SETTINGS_MESSAGES.timezoneRequired);
  });

  it("has the eight industries and spec 9's notification defaults", () => {
    expect(INDUSTRIES.map((industry) => industry.value)).toEqual([
      "technology",
      "healthcare",
      "finance",
      "education",
      "retail",
      "manufacturing",
      "consulting",
      "other",
    ]);
    expect(DEFAULT_NOTIFICATIONS).toEqual({ email: true, pushNotifications: true, weeklyReports: false });
  });
});

describe("fields", () => {
  it.each([
    ["example.com", true],
    ["https://www.example.co.uk/about?x=1", true],
    ["http://example.com", true],
    ["ftp://example.com", false],
    ["javascript:alert(1)", false],
    ["https://user:pass@example.com", false],
    ["localhost", false],
    ["not a url", false],
  ])("website %j is %s", (value, valid) => {
    expect(isValidWebsite(value)).toBe(valid);
  });

  it("adds https:// to a website typed without a scheme", () => {
    expect(normalizeWebsite(" acme.com ")).toBe("https://acme.com");
    expect(normalizeWebsite("http://acme.com")).toBe("http://acme.com");
  });

  it.each([
    ["+1 (555) 010-9999", true],
    ["030 1234567", true],
    ["+81.3.1234.5678", true],
    ["1234", false],
    ["call me", false],
    ["555-0100 ext 2", false],
  ])("phone %j is %s", (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });
});

describe("UpdateOrganizationSettingsSchema", () => {
  it("needs a name and one of the timezones, with the specification's and the field's messages", () => {
    const result = UpdateOrganizationSettingsSchema.safeParse({ name: " ", timezone: "Eastern" });
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [],
    );
    expect(messages).toEqual({ name: MESSAGES.organizationNameRequired, timezone: SETTINGS_MESSAGES.timezoneInvalid });
  });

  it("trims, lowercases the domain, and turns empty fields into null", () => {
    expect(
      UpdateOrganizationSettingsSchema.parse({
        name: "  Acme  ",
        timezone: "Europe/Paris",
        domain: " ACME.example.COM ",
        description: "  ",
        industry: "",
        phone: "",
        website: "acme.com",
      }),
    ).toEqual({
      name: "Acme",
      timezone: "Europe/Paris",
      domain: "acme.example.com",
      description: null,
      industry: null,
      phone: null,
      website: "https://acme.com",
    });
  });

  it("leaves out what is not sent", () => {
    expect(UpdateOrganizationSettingsSchema.parse({ name: "Acme", timezone: "UTC" })).toEqual({
      name: "Acme",
      timezone: "UTC",
    });
  });
});
