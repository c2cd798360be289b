import { describe, expect, it } from "vitest";
import { formatCredits } from "./format.ts";

describe("formatCredits", () => {
  it("says credit for one and credits otherwise", () => {
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(-1)).toBe("-1 credit");
    expect(formatCredits(0)).toBe("0 credits");
    expect(formatCredits(1500)).toBe("1,500 credits");
  });
});
