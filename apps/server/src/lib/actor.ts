import { DEFAULT_ROLE, roleRank, ROLES, type Role } from "@flowdeck/shared";
import type { ActorKind } from "@flowdeck/shared/audit/actors";

/**
 * Who is acting, the one value every route, service and background job passes down instead of a
 * user id (docs/decisions/018). Set on every /api request by the authentication hook; on
 * /api/orgs/:orgId routes the tenancy hook adds the organization and the role the action is
 * checked against.
 */
export type UserActor = {
  kind: "user";
  userId: string;
  email: string;
  name: string;
  /** Whether the person signed in with a second factor set up (the session hook says). */
  twoFactorEnabled?: boolean;
  /** Set on /api/orgs/:orgId routes: the organization and the member's role in it. */
  organizationId?: string;
  /** Null for a membership that was given no role; it acts as viewer. */
  role?: Role | null;
};

/**
 * An organization's API token, on behalf of the person who created it. `role` is its effective
 * role, `tokenRole(its own role, its creator's role)` (decision 054): every rule reads this one.
 */
export type TokenActor = {
  kind: "token";
  tokenId: string;
  name: string;
  createdByUserId: string;
  organizationId: string;
  role: Role;
};

/** A team's runner program, executing runs for its organization. */
export type RunnerActor = { kind: "runner"; runnerId: string; name: string; organizationId: string };

/**
 * An organization's inbound webhook (decision 068), acting when its secret URL is called: the
 * audit log names it; it is no person, so runs it starts have no `startedBy`.
 */
export type HookActor = { kind: "hook"; hookId: string; name: string; organizationId: string };

/** Flowdeck itself, for background work no person asked for at that moment. */
export type SystemActor = { kind: "system"; name: SystemJob };

/** Flowdeck's background jobs that change things, each named as itself in the audit log. */
export type SystemJob = "scheduler" | "retention" | "run sweeper";

export type Actor = UserActor | TokenActor | RunnerActor | SystemActor | HookActor;

export const SCHEDULER: SystemActor = { kind: "system", name: "scheduler" };
/** Ends runs whose runner stopped reporting (lost) or that ran past their timeout (jobs/run-sweeper.ts). */
export const RUN_SWEEPER: SystemActor = { kind: "system", name: "run sweeper" };

const SYSTEM_LABELS: Record<SystemJob, string> = {
  scheduler: "Scheduler",
  retention: "Retention",
  "run sweeper": "Run sweeper",
};

/** The id that names the actor among its kind: a user's, a token's, a runner's id or the job's name. */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return actor.userId;
    case "token":
      return actor.tokenId;
    case "runner":
      return actor.runnerId;
    case "system":
      return actor.name;
    case "hook":
      return actor.hookId;
  }
}

/** One string per actor, unique across kinds: what per-actor records (idempotency keys) are keyed by. */
export function actorKey(actor: Actor): `${ActorKind}:${string}` {
  return `${actor.kind}:${actorId(actor)}`;
}

/**
 * The person a change is attributed to in createdBy/updatedBy/startedBy columns: the user, or the
 * creator of the token. A runner, a webhook or the system is no person: null (the audit log names them).
 */
export function attributedUserId(actor: Actor): string | null {
  if (actor.kind === "user") return actor.userId;
  if (actor.kind === "token") return actor.createdByUserId;
  return null;
}

/** What the audit log shows as the actor. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return actor.name || actor.email;
    case "token":
    case "runner":
      return actor.name;
    case "system":
      return SYSTEM_LABELS[actor.name];
    case "hook":
      return `Webhook "${actor.name}"`;
  }
}

/**
 * What a token may do: its own role, never more than its creator's role in the organization
 * now (a membership without a role acts as viewer). Decided where the token's actor is built
 * and again where a rule re-reads the creator's membership under a lock (member changes).
 */
export function tokenRole(ownRole: Role, creatorRole: Role | null): Role {
  return ROLES[Math.min(roleRank(ownRole), roleRank(creatorRole ?? DEFAULT_ROLE))]!;
}

/** The role an action is checked against; undefined for an actor that is not in an organization. */
export function actorRole(actor: Actor): Role | null | undefined {
  if (actor.kind === "user" || actor.kind === "token") return actor.role;
  return undefined;
}

/** Whose event streams these are, for their limits: a person's (a token's are its creator's), else the actor's own. */
export function streamOwner(actor: Actor): string {
  return attributedUserId(actor) ?? actorKey(actor);
}
