import type { LiveEvent } from "@flowdeck/shared";
import { AUDIT_ACTIONS, type AuditAction } from "@flowdeck/shared/audit/actions";
import type { AuditChanges } from "@flowdeck/shared/audit/schemas";
import type { Database, Executor } from "../db/database.ts";
import { auditLog } from "../db/schema/index.ts";
import { actorId, actorLabel, type Actor, type RunnerActor } from "./actor.ts";
import type { EventHub, HubMessage, RunSignal } from "./event-hub.ts";
import type { Metrics } from "./metrics.ts";
import { sessionsChanged } from "./session-cache.ts";

/** Where a request came from, for the audit log. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

/** What a change needs besides its own input: who makes it, in which organization, and from where. */
export type ChangeContext = {
  db: Database;
  events: EventHub;
  actor: Actor;
  /** The organization the change is in; null for an account's own change (sign-in, profile). */
  organizationId: string | null;
  origin?: RequestOrigin;
  /** The app's metrics (lib/metrics.ts): what the change measures is counted after it commits. */
  metrics?: Metrics;
};

/** What an org route hands its service (lib/scope.ts scopeOf): a context in one organization. */
export type OrgScope = ChangeContext & { organizationId: string };

/** What a runner's call hands the services (lib/scope.ts runnerScopeOf): the runner acting in its organization. */
export type RunnerScope = OrgScope & { actor: RunnerActor };

export type ChangeRecord = {
  action: AuditAction;
  entityId: string | null;
  /** One readable sentence, e.g. `Created the command "Back up"`. */
  summary: string;
  /** Before → after of what changed; never a secret or a file's contents. */
  changes?: AuditChanges | null;
  /** Another organization than the context's (a profile change reaches each of the user's). */
  organizationId?: string | null;
};

/** What a service hands the work of a transaction, to say what it changed. */
export type ChangeLog = {
  /** Writes the change's audit row in the transaction; its live event is published after commit. */
  record: (change: ChangeRecord) => void;
  /** Something else on screen the change touched (no audit row of its own), announced after commit. */
  announce: (event: LiveEvent, organizationId?: string) => void;
  /**
   * The run's state changed, or its output grew up to chunk `seq`: its viewers hear it after commit
   * (the run stream), and no list does.
   */
  signalRun: (signal: RunSignal) => void;
  /** A run was queued: the organization's waiting runners look again after commit. */
  wakeRunners: (organizationId?: string) => void;
  /** Something to count in the app's metrics, counted after commit (a rolled-back change counts nothing). */
  measure: (record: Measure) => void;
};

/** One call on the app's metrics. */
export type Measure = (metrics: Metrics) => void;

/** A live event, a run's signal, a runner wake-up or a measure waiting for its transaction to commit. */
export type Announcement =
  { organizationId: string; event: LiveEvent } | { run: RunSignal } | { queue: string } | { measure: Measure };

/**
 * Runs `work` in a savepoint of `tx` with a log of its own: what it records, announces or measures
 * reaches `log` only once the savepoint is released, so a part that fails and rolls back leaves no
 * audit row, event or count behind while the rest of the transaction goes on.
 */
export async function inSavepoint<T>(
  tx: Executor,
  log: ChangeLog,
  work: (savepoint: Executor, savepointLog: ChangeLog) => Promise<T>,
): Promise<T> {
  const calls: ((target: ChangeLog) => void)[] = [];
  const buffered: ChangeLog = {
    record: (change) => calls.push((target) => target.record(change)),
    announce: (event, organizationId) => calls.push((target) => target.announce(event, organizationId)),
    signalRun: (signal) => calls.push((target) => target.signalRun(signal)),
    wakeRunners: (organizationId) => calls.push((target) => target.wakeRunners(organizationId)),
    measure: (record) => calls.push((target) => target.measure(record)),
  };
  const result = await tx.transaction((savepoint) => work(savepoint, buffered));
  for (const call of calls) call(log);
  return result;
}

/**
 * Runs `work` in one transaction; what it records is written in that transaction and announced
 * after it commits (docs/decisions/019). A service that changes something calls this instead of
 * `db.transaction`, so it can forget neither the audit row nor the live update.
 */
export async function transact<T>(
  context: ChangeContext,
  work: (tx: Executor, log: ChangeLog) => Promise<T>,
): Promise<T> {
  const { result, announcements } = await context.db.transaction((tx) => logged(context, tx, work));
  await announce(context, announcements);
  return result;
}

/**
 * A change of single statements that each stand alone (a claim, a step's start): `work` runs on
 * the database itself, with no transaction around it, and what it announces goes out afterwards.
 */
export async function changeWithoutTransaction<T>(
  context: ChangeContext,
  work: (db: Executor, log: ChangeLog) => Promise<T>,
): Promise<T> {
  const { result, announcements } = await logged(context, context.db, work);
  await announce(context, announcements);
  return result;
}

/** `work` inside a transaction (or savepoint) someone else commits: the caller announces afterwards. */
export async function logged<T>(
  context: ChangeContext,
  tx: Executor,
  work: (tx: Executor, log: ChangeLog) => Promise<T>,
): Promise<{ result: T; announcements: Announcement[] }> {
  const records: ChangeRecord[] = [];
  const announcements: Announcement[] = [];
  const log: ChangeLog = {
    record: (change) => records.push(change),
    announce: (event, organizationId = context.organizationId ?? undefined) => {
      if (organizationId) announcements.push({ organizationId, event });
    },
    signalRun: (signal) => announcements.push({ run: signal }),
    wakeRunners: (organizationId = context.organizationId ?? undefined) => {
      if (organizationId) announcements.push({ queue: organizationId });
    },
    measure: (record) => announcements.push({ measure: record }),
  };
  const result = await work(tx, log);
  announcements.unshift(...(await writeRecords(context, tx, records)));
  return { result, announcements: dedupe(announcements) };
}

/** Publishes after commit; the hub never rejects, so a lost live update fails no request. */
export async function announce(
  { events, metrics }: Pick<ChangeContext, "events" | "metrics">,
  announcements: Announcement[],
) {
  // A member joined, changed role, left or changed their profile (a member event's id is the
  // user's): their cached sessions end first, so the screens this event refreshes see the change.
  const members = announcements.flatMap((item) =>
    "event" in item && item.event.entity === "member" ? [item.event.id] : [],
  );
  await sessionsChanged(events, members);
  const messages: HubMessage[] = [];
  for (const item of announcements) {
    if ("measure" in item) {
      if (metrics) item.measure(metrics);
    } else if ("run" in item) messages.push({ run: item.run });
    else if ("queue" in item) messages.push({ queue: item.queue });
    else messages.push({ orgId: item.organizationId, event: item.event });
  }
  // One change, one publication: with PostgreSQL a single NOTIFY for a runner's report, not one per event.
  if (messages.length > 0) await events.publishAll(messages);
}

async function writeRecords(context: ChangeContext, tx: Executor, records: ChangeRecord[]) {
  if (records.length === 0) return [];
  const { actor, origin } = context;
  const rows = await tx
    .insert(auditLog)
    .values(
      records.map((change) => ({
        organizationId: change.organizationId === undefined ? context.organizationId : change.organizationId,
        actorKind: actor.kind,
        // An unknown address's failed sign-in has no account to name.
        actorId: actorId(actor) || null,
        actorLabel: actorLabel(actor),
        onBehalfOfUserId: actor.kind === "token" ? actor.createdByUserId : null,
        action: change.action,
        entityType: AUDIT_ACTIONS[change.action].entityType,
        entityId: change.entityId,
        summary: change.summary,
        changes: change.changes ?? null,
        ip: origin?.ip ?? null,
        userAgent: origin?.userAgent ?? null,
      })),
    )
    .returning({ id: auditLog.id, organizationId: auditLog.organizationId });

  const announcements: Announcement[] = [];
  records.forEach((change, index) => {
    const { organizationId, id } = rows[index]!;
    const { live, entityType } = AUDIT_ACTIONS[change.action];
    if (!organizationId) return;
    if (live && change.entityId) {
      announcements.push({ organizationId, event: { entity: entityType, id: change.entityId, action: live } });
    } else {
      // A row no screen shows otherwise (a sign-in): the audit page hears of it by itself. Every
      // other change's event also refreshes an open audit page (web: useLiveUpdates).
      announcements.push({ organizationId, event: { entity: "audit", id: String(id), action: "created" } });
    }
  });
  return announcements;
}

/** One event per thing: a change that touches a workflow twice announces it once. */
function dedupe(announcements: Announcement[]): Announcement[] {
  const seen = new Set<string>();
  return announcements.filter((item) => {
    if ("measure" in item) return true;
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function keyOf(item: Exclude<Announcement, { measure: Measure }>): string {
  if ("run" in item) return `run|${item.run.runId}|${item.run.seq ?? "state"}`;
  if ("queue" in item) return `queue|${item.queue}`;
  const { organizationId, event } = item;
  return event.entity === "audit"
    ? `${organizationId}|audit`
    : `${organizationId}|${event.entity}|${event.id}|${event.action}`;
}
