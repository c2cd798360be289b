import { AppError, can, type Role } from "@flowdeck/shared";
import { FREEZE_WINDOW_MESSAGES } from "@flowdeck/shared/freeze-windows/messages";
import type { ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import type { Executor } from "../../db/database.ts";
import type { Actor } from "../../lib/actor.ts";
import { freezeCalendar } from "../freeze-windows/service.ts";
import type { LockedWorkflow } from "../workflows/repository.ts";

/**
 * Who asked for a run (decision 067): a person (a session), an API token on behalf of its creator
 * (who therefore cannot approve it either), the scheduler (a due time, a queued due time), an
 * inbound webhook, or the end of a run it follows.
 */
export type RunRequester =
  | { kind: "person"; userId: string; role: Role | null }
  | { kind: "token"; userId: string; tokenId: string; tokenName: string; role: Role | null }
  | { kind: "schedule" }
  /** An inbound webhook's call (decision 068): no person asked, so every approver may approve. */
  | { kind: "hook"; hookId: string; hookName: string }
  /** A run of another workflow ended (decision 073): no person asked, like the scheduler. */
  | { kind: "run-after"; runId: string };

export const SCHEDULE_REQUESTER: RunRequester = { kind: "schedule" };

/** The requester of a run an actor asks for through the API (Run now, Run again, a script). */
export function requesterOf(actor: Actor): RunRequester {
  if (actor.kind === "user") return { kind: "person", userId: actor.userId, role: actor.role ?? null };
  if (actor.kind === "token") {
    return {
      kind: "token",
      userId: actor.createdByUserId,
      tokenId: actor.tokenId,
      tokenName: actor.name,
      role: actor.role,
    };
  }
  return SCHEDULE_REQUESTER;
}

/** The person a run is attributed to (its startedBy): the person, the token's creator, or none. */
export function requesterUserId(requester: RunRequester): string | null {
  return requester.kind === "person" || requester.kind === "token" ? requester.userId : null;
}

/**
 * What the gate decides: start now, wait for approval until `expiresAt`, record a due time as
 * skipped (the scheduler in a freeze window), or a refusal to throw. A start or a wait may carry
 * the freeze window an admin overrode, with their reason.
 */
export type StartDecision =
  | { kind: "start"; freezeOverride?: string }
  | { kind: "await-approval"; policy: ApprovalPolicy; expiresAt: Date; freezeOverride?: string }
  | { kind: "skip"; reason: string }
  | { kind: "refused"; error: AppError };

/**
 * The one gate (decision 067): whether a run of `workflow` asked for by `requester` may start now.
 * `startRun` (runs/lifecycle.ts) asks it before it creates any run, and every way a run starts —
 * Run now, Run again, the API with a cookie or a token, the scheduler, the concurrency queue —
 * goes through `startRun`; `test/approvals/one-gate.test.ts` reads the sources to keep it so.
 * Freeze windows (decision 071) add their skip, refusal or override here.
 */
export async function decideRunStart(
  tx: Executor,
  options: {
    workflow: LockedWorkflow;
    requester: RunRequester;
    now: Date;
    confirmName?: string | undefined;
    /** An admin's or owner's reason to start it during a freeze window. */
    override?: { reason: string } | undefined;
  },
): Promise<StartDecision> {
  const { workflow, requester, now } = options;
  // A typed confirmation guards a person's click; a script or the scheduler means what it asks.
  if (workflow.confirmName && requester.kind === "person" && options.confirmName !== workflow.name) {
    const message =
      options.confirmName === undefined ? APPROVAL_MESSAGES.confirmNameRequired : APPROVAL_MESSAGES.confirmNameMismatch;
    return { kind: "refused", error: new AppError("invalid-argument", message, { confirmName: message }) };
  }
  const freeze = await freezeDecision(tx, { workflow, requester, now, override: options.override });
  if (freeze.kind === "skip" || freeze.kind === "refused") return freeze;
  const freezeOverride = freeze.kind === "overridden" ? { freezeOverride: freeze.reason } : {};
  if (workflow.approval) {
    const expiresAt = new Date(now.getTime() + workflow.approval.expiresAfterMinutes * 60_000);
    return { kind: "await-approval", policy: workflow.approval, expiresAt, ...freezeOverride };
  }
  return { kind: "start", ...freezeOverride };
}

/** Whether a freeze window holds the workflow's runs at `now` (the scheduler asks before it ends a run under way). */
export async function frozenAt(tx: Executor, workflow: LockedWorkflow, now: Date) {
  if (!workflow.respectFreezeWindows) return null;
  return (await freezeCalendar(tx, workflow.organizationId)).activeAt(now);
}

/**
 * Freeze windows (decision 071), for a workflow that respects them: in a window the scheduler's due
 * time is skipped with the window's reason; anyone else is refused, naming the window and its end,
 * unless an admin or owner (or a token of that role) gives a reason to override it.
 */
async function freezeDecision(
  tx: Executor,
  options: { workflow: LockedWorkflow; requester: RunRequester; now: Date; override: { reason: string } | undefined },
): Promise<
  | { kind: "open" }
  | { kind: "overridden"; reason: string }
  | { kind: "skip"; reason: string }
  | { kind: "refused"; error: AppError }
> {
  const { workflow, requester, now, override } = options;
  const window = await frozenAt(tx, workflow, now);
  if (!window) return { kind: "open" };
  if (requester.kind === "schedule") return { kind: "skip", reason: `freeze window: ${window.reason}` };
  const frozen = FREEZE_WINDOW_MESSAGES.frozen(window.reason, window.endsAt.toISOString());
  if (!override) return { kind: "refused", error: new AppError("aborted", frozen) };
  const role = requester.kind === "person" || requester.kind === "token" ? requester.role : null;
  if (!can(role, "freezeWindows.manage")) {
    const message = FREEZE_WINDOW_MESSAGES.overrideRoleRequired;
    return { kind: "refused", error: new AppError("permission-denied", message, { override: message }) };
  }
  return { kind: "overridden", reason: override.reason };
}
