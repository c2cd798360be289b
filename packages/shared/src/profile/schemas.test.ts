import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "./messages.ts";
import { UpdateProfileSchema } from "./schemas.ts";

describe("UpdateProfileSchema", () => {
  it("trims the display name and clears an empty phone", () => {
    expect(UpdateProfileSchema.parse({ displayName: "  Ann  ", phone: " " })).toEqual({
      displayName: "Ann",
      phone: null,
    });
  });

  it("refuses a name over 100 characters and any email", () => {
    const result = UpdateProfileSchema.safeParse({ displayName: "a".repeat(101), email: "a@b.co" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      PROFILE_MESSAGES.displayNameTooLong,
      PROFILE_MESSAGES.emailReadOnly,
    ]);
  });
});
