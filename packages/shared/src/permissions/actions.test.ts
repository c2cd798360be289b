import { describe, expect, it } from "vitest";
import { ACTIONS, can, deniedMessage, isAction } from "./actions.ts";

describe("permissions by action", () => {
  it("lets a role do what its rank reaches, and a membership without a role act as viewer", () => {
    expect(can("viewer", "credits.consume")).toBe(true);
    expect(can("viewer", "credits.add")).toBe(false);
    expect(can("admin", "credits.add")).toBe(true);
    expect(can("owner", "credits.add")).toBe(true);
    expect(can("editor", "workflows.run")).toBe(true);
    expect(can("viewer", "workflows.run")).toBe(false);
    expect(can(null, "tasks.read")).toBe(true);
    expect(can(null, "tasks.create")).toBe(false);
  });

  it("refuses with the specification's text, or says which role is needed", () => {
    expect(deniedMessage("credits.add")).toBe("You do not have permission to add credits");
    expect(deniedMessage("invitations.send")).toBe("You do not have permission to invite users");
    expect(Object.values(ACTIONS).every((rule) => rule.minimumRole)).toBe(true);
  });

  it("knows its own actions only", () => {
    expect(isAction("tasks.create")).toBe(true);
    expect(isAction("tasks.destroy")).toBe(false);
    expect(isAction("toString")).toBe(false);
  });
});
