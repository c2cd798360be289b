import { describe, expect, it } from "vitest";
import {
  actorKey,
  actorLabel,
  actorRole,
  attributedUserId,
  RUN_SWEEPER,
  SCHEDULER,
  type Actor,
} from "../src/lib/actor.ts";

const user: Actor = {
  kind: "user",
  userId: "u1",
  email: "ada@example.com",
  name: "Ada",
  organizationId: "o1",
  role: "editor",
};
const token: Actor = {
  kind: "token",
  tokenId: "t1",
  name: "CI deploys",
  createdByUserId: "u2",
  organizationId: "o1",
  role: "viewer",
};
const runner: Actor = { kind: "runner", runnerId: "r1", name: "build-box", organizationId: "o1" };

describe("the actor", () => {
  it("keys each kind apart, so a user and a token with the same id never share idempotency keys", () => {
    expect([user, token, runner, SCHEDULER].map(actorKey)).toEqual([
      "user:u1",
      "token:t1",
      "runner:r1",
      "system:scheduler",
    ]);
  });

  it("attributes a token's change to the person who created it, and a runner's or the scheduler's to nobody", () => {
    expect([user, token, runner, SCHEDULER].map(attributedUserId)).toEqual(["u1", "u2", null, null]);
  });

  it("is checked against its own role: the member's, or the token's", () => {
    expect([user, token, runner, SCHEDULER].map(actorRole)).toEqual(["editor", "viewer", undefined, undefined]);
  });

  it("is shown by name, falling back to the e-mail address of a user without one", () => {
    expect(actorLabel({ kind: "user", userId: "u3", email: "bo@example.com", name: "" })).toBe("bo@example.com");
    expect([user, token, runner, SCHEDULER].map(actorLabel)).toEqual(["Ada", "CI deploys", "build-box", "Scheduler"]);
    expect(actorLabel(RUN_SWEEPER)).toBe("Run sweeper");
  });
});
