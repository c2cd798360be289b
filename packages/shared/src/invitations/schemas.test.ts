import { describe, expect, it } from "vitest";
import { MESSAGES } from "../errors/messages.ts";
import { INVITATION_MESSAGES } from "./messages.ts";
import { CreateInvitationSchema, INVITATION_VALIDITY_MS } from "./schemas.ts";

describe("the send form's schema", () => {
  it("defaults the role to viewer, lowercases the address and drops an empty message", () => {
    expect(CreateInvitationSchema.parse({ email: " Ada@Example.COM ", customMessage: "  " })).toEqual({
      email: "ada@example.com",
      role: "viewer",
      customMessage: undefined,
    });
  });

  it("offers viewer, editor and admin only", () => {
    for (const role of ["viewer", "editor", "admin"]) {
      expect(CreateInvitationSchema.safeParse({ email: "a@b.co", role }).success).toBe(true);
    }
    expect(CreateInvitationSchema.safeParse({ email: "a@b.co", role: "owner" }).success).toBe(false);
  });

  it("refuses a malformed address with the spec's text", () => {
    const result = CreateInvitationSchema.safeParse({ email: "nobody" });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.emailInvalid);
  });

  it("is valid 7 days and says the spec's success and failure texts", () => {
    expect(INVITATION_VALIDITY_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(INVITATION_MESSAGES.sent("a@b.co")).toBe("Invitation sent successfully to a@b.co");
    expect(INVITATION_MESSAGES.sendFailed("boom")).toBe("Failed to send invitation email: boom");
    expect(INVITATION_MESSAGES.welcome("Acme", "editor")).toBe("Welcome to Acme! You've been added as an editor.");
  });
});
