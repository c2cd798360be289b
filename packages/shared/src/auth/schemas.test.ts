import { describe, expect, it } from "vitest";
import { MESSAGES } from "../errors/messages.ts";
import { isValidDomain } from "../organizations/fields.ts";
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from "./schemas.ts";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("login validation (spec 5)", () => {
  it.each([
    [{ email: "", password: "secret1" }, MESSAGES.emailRequired],
    [{ email: "nope", password: "secret1" }, MESSAGES.emailInvalid],
    [{ email: "a@b.co", password: "" }, MESSAGES.passwordRequired],
    [{ email: "a@b.co", password: "12345" }, MESSAGES.passwordTooShort],
  ])("%j → %s", (input, message) => {
    expect(firstMessage(LoginSchema.safeParse(input))).toBe(message);
  });

  it("accepts a valid pair and lowercases the email", () => {
    const result = LoginSchema.safeParse({ email: " Ada@Example.COM ", password: "123456" });
    expect(result.success && result.data.email).toBe("ada@example.com");
  });
});

describe("forgot and reset password", () => {
  it("asks for the address with the spec's texts", () => {
    expect(firstMessage(ForgotPasswordSchema.safeParse({ email: "" }))).toBe(MESSAGES.forgotEmailRequired);
    expect(firstMessage(ForgotPasswordSchema.safeParse({ email: "x@" }))).toBe(MESSAGES.emailInvalid);
  });

  it("needs matching passwords of 6 or more", () => {
    expect(firstMessage(ResetPasswordSchema.safeParse({ token: "t", password: "123", confirmPassword: "123" }))).toBe(
      MESSAGES.passwordTooShortRegister,
    );
    expect(
      firstMessage(ResetPasswordSchema.safeParse({ token: "t", password: "123456", confirmPassword: "1234567" })),
    ).toBe(MESSAGES.passwordsDoNotMatch);
  });
});

describe("domain rule", () => {
  it.each(["example.com", "company.org", "site.co.uk", "my-team.io", "A1.Example.COM"])("accepts %s", (domain) => {
    expect(isValidDomain(domain)).toBe(true);
  });

  it.each([
    "localhost",
    "example",
    "-a.com",
    "a-.com",
    "a..com",
    ".a.com",
    "a.com.",
    "a.c",
    "a.123",
    "a_b.com",
    "a b.com",
  ])("refuses %s", (domain) => {
    expect(isValidDomain(domain)).toBe(false);
  });
});
