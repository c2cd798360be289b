import { MESSAGES } from "@flowdeck/shared";
import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useQuery } from "@tanstack/react-query";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { SettingsForm } from "./settings-form.tsx";

const settings: OrganizationSettings = {
  id: "org-1",
  name: "Night Shift",
  description: null,
  domain: "nightshift.example.org",
  website: null,
  industry: null,
  timezone: "UTC",
  address: null,
  phone: null,
  notifications: { email: true, pushNotifications: true, weeklyReports: false },
  creditsPerRun: 0,
  logoUrl: null,
  logoMetadata: null,
  updatedAt: "2026-11-25T04:00:00.000Z",
  updatedBy: null,
};

afterEach(() => vi.restoreAllMocks());

describe("the settings form", () => {
  it("shows the stored settings", () => {
    renderWithProviders(<SettingsForm orgId="org-1" settings={settings} />);
    expect(screen.getByLabelText(/Organization name/)).toHaveProperty("value", "Night Shift");
    expect(screen.getByLabelText(/Timezone/)).toHaveProperty("value", "UTC");
    expect(screen.getByRole("switch", { name: "Weekly reports" })).toHaveProperty("checked", false);
    expect(screen.getByRole("button", { name: "Discard changes" })).toHaveProperty("disabled", true);
  });

  it("offers only the notifications Flowdeck sends: no push switch, and the stored push value goes back unchanged", async () => {
    const stored = { ...settings, notifications: { email: true, pushNotifications: false, weeklyReports: false } };
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response(JSON.stringify(stored), { status: 200 }));
    const { user } = renderWithProviders(<SettingsForm orgId="org-1" settings={stored} />);
    const notifications = screen.getByRole("region", { name: "Notifications" });
    expect(within(notifications).getAllByRole("switch")).toHaveLength(2);
    expect(screen.getByRole("switch", { name: "Email notifications" })).not.toBeNull();
    expect(screen.getByRole("switch", { name: "Weekly reports" })).not.toBeNull();
    expect(screen.queryByRole("switch", { name: /push/i })).toBeNull();
    expect(screen.queryByText(/push/i)).toBeNull();

    await user.click(screen.getByRole("switch", { name: "Weekly reports" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await expect.poll(() => fetchSpy.mock.calls.length).toBe(1);
    const [, init] = fetchSpy.mock.calls[0]!;
    expect(JSON.parse(String(init?.body)).notifications).toEqual({
      email: true,
      pushNotifications: false,
      weeklyReports: true,
    });
  });

  it("refuses a blank name with the shared text; typing in the field takes the message away", async () => {
    const { user } = renderWithProviders(<SettingsForm orgId="org-1" settings={settings} />);
    const name = screen.getByLabelText(/Organization name/);
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(MESSAGES.organizationNameRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText("Please correct the highlighted fields.")).not.toBeNull();
    await expect.poll(() => document.activeElement).toBe(name);
    await user.type(name, "N");
    await expect.poll(() => screen.queryByText(MESSAGES.organizationNameRequired)).toBeNull();
  });

  it("follows someone else's save while untouched, and asks when there are edits", async () => {
    const { user, rerender } = renderForRerender();
    await rerender({ ...settings, name: "Day Shift" });
    await expect.poll(() => (screen.getByLabelText(/Organization name/) as HTMLInputElement).value).toBe("Day Shift");

    await user.type(screen.getByLabelText("Phone"), "+1 555 010 0000");
    await rerender({ ...settings, name: "Evening Shift" });
    expect(await screen.findByText(/Someone else saved these settings while you were editing/)).not.toBeNull();
    expect(screen.getByLabelText(/Organization name/)).toHaveProperty("value", "Day Shift");
    await user.click(screen.getByRole("button", { name: "Load their version" }));
    await expect
      .poll(() => (screen.getByLabelText(/Organization name/) as HTMLInputElement).value)
      .toBe("Evening Shift");
    expect(screen.getByLabelText("Phone")).toHaveProperty("value", "");
  });
});

/** The form fed from the cache, as the settings page is: a live update replaces the cached settings. */
function renderForRerender() {
  const key = ["orgs", "org-1", "organization", "settings"];
  function Live() {
    const { data } = useQuery({ queryKey: key, queryFn: () => settings, initialData: settings });
    return <SettingsForm orgId="org-1" settings={data} />;
  }
  const view = renderWithProviders(<Live />);
  return { ...view, rerender: (next: OrganizationSettings) => act(() => view.queryClient.setQueryData(key, next)) };
}

const inKolkata: OrganizationSettings = { ...settings, timezone: "Asia/Kolkata" };
const select = () => screen.getByRole("combobox", { name: /^Timezone/ }) as HTMLSelectElement;
const optionValues = () =>
  within(select())
    .getAllByRole("option")
    .map((option) => (option as HTMLOptionElement).value);

describe("the time zone picker", () => {
  it("lists every IANA zone, the specification's eight first, and shows the stored one with its offset", () => {
    renderWithProviders(<SettingsForm orgId="org-1" settings={inKolkata} />);
    expect(select().value).toBe("Asia/Kolkata");
    expect(optionValues().slice(0, 8)).toEqual([
      "UTC",
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "Europe/London",
      "Europe/Paris",
      "Asia/Tokyo",
    ]);
    expect(optionValues().length).toBeGreaterThan(300);
    expect(within(select()).getByRole("option", { name: "Asia/Kolkata (UTC+05:30)" })).not.toBeNull();
    expect(
      within(select()).getByRole("option", { name: /^Eastern: America\/New York \(UTC-0[45]:00\)$/ }),
    ).not.toBeNull();
  });

  it("narrows the list as one types, keeps the chosen zone, and saves the one picked", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response(JSON.stringify(inKolkata), { status: 200 }));
    const { user } = renderWithProviders(<SettingsForm orgId="org-1" settings={inKolkata} />);
    const search = screen.getByRole("searchbox", { name: "Find a time zone" });

    await user.type(search, "sydney");
    expect(optionValues()).toEqual(["Asia/Kolkata", "Australia/Sydney"]);
    expect(screen.getByText(/^1 of \d+ time zones match$/)).not.toBeNull();
    await user.selectOptions(select(), "Australia/Sydney");

    await user.clear(search);
    await user.type(search, "+5:30");
    expect(optionValues()).toContain("Asia/Kolkata");
    await user.clear(search);
    await user.type(search, "atlantis");
    expect(within(select()).getByRole("option", { name: "No time zone matches “atlantis”" })).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await expect.poll(() => fetchSpy.mock.calls.length).toBe(1);
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)).timezone).toBe("Australia/Sydney");
  });
});
