import { describe, expect, it } from "vitest";
import { groupsOf, roleFromGroups } from "./group-roles.ts";

const MAPPING = [
  { group: "ops-admins", role: "admin" as const },
  { group: "ops", role: "editor" as const },
];

describe("roles from the provider's groups", () => {
  it("takes the highest role a group maps to", () => {
    expect(roleFromGroups(["ops", "ops-admins"], MAPPING, "viewer")).toBe("admin");
    expect(roleFromGroups(["ops"], MAPPING, "viewer")).toBe("editor");
  });

  it("gives the default role when no group is mapped", () => {
    expect(roleFromGroups(["sales"], MAPPING, "viewer")).toBe("viewer");
    expect(roleFromGroups([], MAPPING, "editor")).toBe("editor");
  });

  it("reads a claim given as a list, one name or nothing", () => {
    expect(groupsOf(["a", 1, "b"])).toEqual(["a", "b"]);
    expect(groupsOf("a")).toEqual(["a"]);
    expect(groupsOf(undefined)).toEqual([]);
  });
});
