import { describe, expect, it } from "vitest";
import { checkPageAccess, accessDeniedMessage, requiresRoleHint } from "./access.ts";
import { assignableRoles, canChangeRole, canManageMembers, canRemoveMember } from "./member-rules.ts";
import { findPage, PAGES } from "./pages.ts";
import { hasRole, roleLabel, roleRank, roleWithArticle } from "./roles.ts";

describe("role ranks", () => {
  it("orders viewer < editor < admin < owner", () => {
    expect([roleRank("viewer"), roleRank("editor"), roleRank("admin"), roleRank("owner")]).toEqual([0, 1, 2, 3]);
  });

  it("lets higher roles pass a minimum and counts a missing role as viewer", () => {
    expect(hasRole("owner", "admin")).toBe(true);
    expect(hasRole("admin", "admin")).toBe(true);
    expect(hasRole("editor", "admin")).toBe(false);
    expect(hasRole(null, "viewer")).toBe(true);
    expect(hasRole(null, "editor")).toBe(false);
  });

  it("labels a role-less membership 'member'", () => {
    expect(roleLabel(null)).toBe("member");
    expect(roleLabel("editor")).toBe("editor");
  });
});

describe("page minimums (spec 2)", () => {
  it.each([
    ["/dashboard", "viewer"],
    ["/workflows", "viewer"],
    ["/reports", "viewer"],
    ["/documents", "viewer"],
    ["/profile", null],
    ["/tasks", "editor"],
    ["/admin/members", "admin"],
    ["/admin/invitations", "admin"],
    ["/admin/settings", "admin"],
    ["/admin/import-export", "admin"],
    ["/admin/runners", "admin"],
    ["/admin/audit", "admin"],
    ["/admin/single-sign-on", "owner"],
    ["/admin/billing", "owner"],
  ])("%s needs %s", (path, minimum) => {
    expect(findPage(path)?.minimumRole).toBe(minimum);
  });

  it("lists every page once", () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
  });
});

describe("page access", () => {
  it("denies a role below the minimum with the spec's message", () => {
    const access = checkPageAccess({ minimumRole: "editor", role: "viewer", hasOrganization: true });
    expect(access).toEqual({ allowed: false, reason: "role", required: "editor", current: "viewer" });
    expect(accessDeniedMessage("editor", "viewer")).toBe(
      "You need editor role or higher to access this page. Your current role is viewer.",
    );
    expect(requiresRoleHint("admin")).toBe("Requires admin role or higher");
  });

  it("says in words that a member has no role yet, never 'none'", () => {
    expect(accessDeniedMessage("editor", null)).toBe(
      "You need editor role or higher to access this page. You have no role in this organization yet.",
    );
  });

  it("denies without an organization, except viewer pages while loading", () => {
    expect(checkPageAccess({ minimumRole: "viewer", role: null, hasOrganization: false }).allowed).toBe(false);
    expect(checkPageAccess({ minimumRole: "viewer", role: null, hasOrganization: false, loading: true }).allowed).toBe(
      true,
    );
    expect(checkPageAccess({ minimumRole: "editor", role: null, hasOrganization: false, loading: true }).allowed).toBe(
      false,
    );
  });

  it("lets the dashboard show its own no-organization state", () => {
    const dashboard = findPage("/dashboard");
    expect(
      checkPageAccess({
        minimumRole: "viewer",
        role: null,
        hasOrganization: false,
        servesNoOrganization: dashboard?.servesNoOrganization,
      }).allowed,
    ).toBe(true);
    expect(findPage("/workflows")?.servesNoOrganization).toBeUndefined();
  });

  it("always allows pages for any signed-in user", () => {
    expect(checkPageAccess({ minimumRole: null, role: null, hasOrganization: false }).allowed).toBe(true);
  });
});

describe("member table rules (spec 6)", () => {
  const owner = { userId: "o", role: "owner" as const };
  const admin = { userId: "a", role: "admin" as const };
  const otherAdmin = { userId: "a2", role: "admin" as const };
  const editor = { userId: "e", role: "editor" as const };
  const viewer = { userId: "v", role: "viewer" as const };

  it("lets only admins and owners manage", () => {
    expect(canManageMembers("owner")).toBe(true);
    expect(canManageMembers("admin")).toBe(true);
    expect(canManageMembers("editor")).toBe(false);
    expect(canManageMembers(null)).toBe(false);
  });

  it("lets an owner assign any role and remove anyone but themselves", () => {
    expect(assignableRoles(owner, admin)).toEqual(["viewer", "editor", "admin", "owner"]);
    expect(canRemoveMember(owner, admin)).toBe(true);
    expect(canRemoveMember(owner, owner)).toBe(false);
    expect(assignableRoles(owner, owner)).toEqual([]);
  });

  it("lets an admin change and remove only editors and viewers, to the roles offered", () => {
    expect(canChangeRole(admin, editor, "viewer")).toBe(true);
    expect(canChangeRole(admin, viewer, "editor")).toBe(true);
    expect(canChangeRole(admin, viewer, "owner")).toBe(false);
    expect(canChangeRole(admin, viewer, "admin")).toBe(false);
    expect(canChangeRole(admin, otherAdmin, "viewer")).toBe(false);
    expect(canChangeRole(admin, owner, "viewer")).toBe(false);
    expect(canRemoveMember(admin, editor)).toBe(true);
    expect(canRemoveMember(admin, viewer)).toBe(true);
    expect(canRemoveMember(admin, otherAdmin)).toBe(false);
    expect(canRemoveMember(admin, owner)).toBe(false);
  });

  it("never lets anyone change or remove themselves", () => {
    for (const actor of [owner, admin, editor, viewer]) {
      expect(assignableRoles(actor, actor)).toEqual([]);
      expect(canRemoveMember(actor, actor)).toBe(false);
    }
  });

  it("gives editors and viewers nothing", () => {
    expect(assignableRoles(editor, viewer)).toEqual([]);
    expect(canRemoveMember(editor, viewer)).toBe(false);
    expect(canRemoveMember(viewer, editor)).toBe(false);
  });
});

describe("roleWithArticle", () => {
  it("reads as English for every role", () => {
    expect(roleWithArticle("viewer")).toBe("a viewer");
    expect(roleWithArticle("editor")).toBe("an editor");
    expect(roleWithArticle("admin")).toBe("an admin");
    expect(roleWithArticle("owner")).toBe("an owner");
  });
});
