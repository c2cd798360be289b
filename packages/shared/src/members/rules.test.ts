import { describe, expect, it } from "vitest";
import { MESSAGES } from "../errors/messages.ts";
import { MEMBER_MESSAGES } from "./messages.ts";
import { removalRefusal, roleChangeRefusal } from "./rules.ts";

const owner = { userId: "o", role: "owner" as const };
const admin = { userId: "a", role: "admin" as const };
const editor = { userId: "e", role: "editor" as const };
const viewer = { userId: "v", role: "viewer" as const };
const roleless = { userId: "n", role: null };

describe("roleChangeRefusal", () => {
  it("allows what spec 6 allows", () => {
    expect(roleChangeRefusal(owner, admin, "owner")).toBeNull();
    expect(roleChangeRefusal(admin, editor, "viewer")).toBeNull();
    expect(roleChangeRefusal(admin, roleless, "editor")).toBeNull();
  });

  it("names the reason with the spec's texts", () => {
    expect(roleChangeRefusal(editor, viewer, "editor")).toBe(MESSAGES.cannotUpdateMemberRoles);
    expect(roleChangeRefusal(roleless, viewer, "editor")).toBe(MESSAGES.cannotUpdateMemberRoles);
    expect(roleChangeRefusal(owner, owner, "admin")).toBe(MEMBER_MESSAGES.cannotChangeOwnRole);
    expect(roleChangeRefusal(admin, owner, "viewer")).toBe(MESSAGES.cannotManageMembers);
    expect(roleChangeRefusal(admin, { userId: "a2", role: "admin" }, "viewer")).toBe(MESSAGES.cannotManageMembers);
    expect(roleChangeRefusal(admin, viewer, "admin")).toBe(MESSAGES.cannotAssignRole);
  });
});

describe("removalRefusal", () => {
  it("allows owners to remove anyone else and admins to remove editors and viewers", () => {
    expect(removalRefusal(owner, { userId: "o2", role: "owner" })).toBeNull();
    expect(removalRefusal(admin, viewer)).toBeNull();
    expect(removalRefusal(admin, roleless)).toBeNull();
  });

  it("names the reason with the spec's texts", () => {
    expect(removalRefusal(viewer, editor)).toBe(MESSAGES.cannotRemoveMembers);
    expect(removalRefusal(owner, owner)).toBe(MESSAGES.cannotRemoveYourself);
    expect(removalRefusal(admin, admin)).toBe(MESSAGES.cannotRemoveYourself);
    expect(removalRefusal(admin, owner)).toBe(MESSAGES.cannotRemoveThisMember);
  });
});

describe("the creator stays owner", () => {
  const creator = { userId: "c1", role: "owner" as const, isCreator: true };
  const secondOwner = { userId: "o2", role: "owner" as const };
  it("no other owner demotes or removes the creator", () => {
    expect(roleChangeRefusal(secondOwner, creator, "admin")).toBe(MEMBER_MESSAGES.creatorStaysOwner);
    expect(removalRefusal(secondOwner, creator)).toBe(MEMBER_MESSAGES.creatorStaysOwner);
  });
  it("the creator still manages the other owners", () => {
    expect(roleChangeRefusal(creator, secondOwner, "admin")).toBeNull();
    expect(removalRefusal(creator, secondOwner)).toBeNull();
  });
});
