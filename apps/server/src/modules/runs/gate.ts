import { AppError } from "@flowdeck/shared";
import type { ApprovalPolicy } from "@flowdeck/shared/runs/approvals";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import type { Executor } from "../../db/database.ts";
import type { Actor } from "../../lib/actor.ts";
import type { LockedWorkflow } from "../workflows/repository.ts";

/**
 * Who asked for a run (decision 067): a person (a session), an API token on behalf of its creator
 * (who therefore cannot approve it either), the scheduler (a due time, a queued due time), an
 * inbound webhook, or the end of a run it follows.
 */
export type RunRequester =
  | { kind: "person"; userId: string }
  | { kind: "token"; userId: string; tokenId: string; tokenName: string }
  | { kind: "schedule" }
  /** An inbound webhook's call (decision 068): no person asked, so every approver may approve. */
  | { kind: "hook"; hookId: string; hookName: string }
  /** A run of another workflow ended (decision 073): no person asked, like the scheduler. */
  | { kind: "run-after"; runId: string };

export const SCHEDULE_REQUESTER: RunRequester = { kind: "schedule" };

/** The requester of a run an actor asks for through the API (Run now, Run again, a script). */
export function requesterOf(actor: Actor): RunRequester {
  if (actor.kind === "user") return { kind: "person", userId: actor.userId };
  if (actor.kind === "token") {
    return { kind: "token", userId: actor.createdByUserId, tokenId: actor.tokenId, tokenName: actor.name };
  }
  return SCHEDULE_REQUESTER;
}

/** The person a run is attributed to (its startedBy): the person, the token's creator, or none. */
export function requesterUserId(requester: RunRequester): string | null {
  return requester.kind === "person" || requester.kind === "token" ? requester.userId : null;
}

/** What the gate decides: start now, wait for approval until `expiresAt`, or a refusal to throw. */
export type StartDecision =
  | { kind: "start" }
  | { kind: "await-approval"; policy: ApprovalPolicy; expiresAt: Date }
  | { kind: "refused"; error: AppError };

/**
 * The one gate (decision 067): whether a run of `workflow` asked for by `requester` may start now.
 * `startRun` (runs/lifecycle.ts) asks it before it creates any run, and every way a run starts —
 * Run now, Run again, the API with a cookie or a token, the scheduler, the concurrency queue —
 * goes through `startRun`; `test/approvals/one-gate.test.ts` reads the sources to keep it so.
 * Freeze windows (a later change) add their refusal, or their override, here.
 */
export async function decideRunStart(
  _tx: Executor,
  options: { workflow: LockedWorkflow; requester: RunRequester; now: Date; confirmName?: string | undefined },
): Promise<StartDecision> {
  const { workflow, requester, now } = options;
  // A typed confirmation guards a person's click; a script or the scheduler means what it asks.
  if (workflow.confirmName && requester.kind === "person" && options.confirmName !== workflow.name) {
    const message =
      options.confirmName === undefined ? APPROVAL_MESSAGES.confirmNameRequired : APPROVAL_MESSAGES.confirmNameMismatch;
    return { kind: "refused", error: new AppError("invalid-argument", message, { confirmName: message }) };
  }
  if (workflow.approval) {
    const expiresAt = new Date(now.getTime() + workflow.approval.expiresAfterMinutes * 60_000);
    return { kind: "await-approval", policy: workflow.approval, expiresAt };
  }
  return { kind: "start" };
}
