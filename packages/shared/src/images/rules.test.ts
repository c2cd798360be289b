import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "./messages.ts";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, checkImageFile } from "./rules.ts";
import { organizationLogoUrl, userAvatarUrl } from "./urls.ts";

describe("checkImageFile (the browser's early check)", () => {
  it.each([
    [{ name: "a.png", type: "image/png", size: 10 }, undefined],
    [{ name: "a.jpg", type: "image/jpeg", size: IMAGE_MAX_BYTES }, undefined],
    [{ name: "a.webp", type: "", size: 10 }, undefined],
    [{ name: "a.png", type: "image/png", size: IMAGE_MAX_BYTES + 1 }, IMAGE_MESSAGES.tooLarge],
    [{ name: "a.svg", type: "image/svg+xml", size: 10 }, IMAGE_MESSAGES.invalidType],
    [{ name: "a.txt", type: "text/plain", size: 10 }, IMAGE_MESSAGES.invalidType],
    [{ name: "a.heic", type: "", size: 10 }, IMAGE_MESSAGES.invalidType],
    [{ name: "a.png", type: "image/png", size: 0 }, IMAGE_MESSAGES.fileEmpty],
  ])("%j → %s", (file, message) => {
    expect(checkImageFile(file)).toBe(message);
  });

  it("offers the four types in the file picker", () => {
    expect(IMAGE_ACCEPT).toBe("image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp");
  });
});

describe("image URLs", () => {
  it("carry the upload time as their version", () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    expect(organizationLogoUrl("org 1", at)).toBe(`/api/orgs/org%201/logo?v=${at.getTime()}`);
    expect(userAvatarUrl("u1", at.toISOString())).toBe(`/api/users/u1/avatar?v=${at.getTime()}`);
  });
});
