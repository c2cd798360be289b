import { AppError } from "@flowdeck/shared";
import { MAX_CREDIT_BALANCE } from "@flowdeck/shared/credits/amounts";
import { mayApprove, type ApprovalDecision } from "@flowdeck/shared/runs/approvals";
import {
  ACTIVE_RUN_STATUSES,
  type RunKind,
  type RunStepStatus,
  type RunTrigger,
} from "@flowdeck/shared/runs/constants";
import { APPROVAL_MESSAGES } from "@flowdeck/shared/runs/messages";
import type { Role } from "@flowdeck/shared";
import type { AuditAction } from "@flowdeck/shared/audit/actions";
import type { StepStatus } from "@flowdeck/shared/workflows/constants";
import { snapshotParameters, type RunParameter } from "@flowdeck/shared/workflows/parameters";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Executor } from "../../db/database.ts";
import type { ChangeLog } from "../../lib/change-log.ts";
import { completeWork, mark, resetForRun, settleProgress } from "../checklist/progress.ts";
import { giveCredits, insertTransaction } from "../credits/repository.ts";
import { notifyApprovalRequested } from "../notifications/approval-events.ts";
import { notifyRunOutcome } from "../notifications/run-outcome.ts";
import { requireSecrets } from "../secrets/for-runs.ts";
import { recordExecution } from "../tasks/repository.ts";
import { listSteps, lockWorkflow, type LockedWorkflow, type StepRow } from "../workflows/repository.ts";
import { insertApprovalDecision, listApprovalDecisions } from "./approvals-repository.ts";
import { chargeForRun, snapshotExecution, type ExecutionRequest } from "./execution.ts";
import { decideRunStart, requesterUserId, type RunRequester } from "./gate.ts";
import { checkParameterValues } from "./run-parameters.ts";
import { startFollowers } from "./start-followers.ts";
import { isFanOut, nextFanOutMoves, prepareTargets } from "./fan-out.ts";
import { TARGET_MESSAGES, type Target } from "@flowdeck/shared/runs/targets";
import {
  claimQueuedRun,
  returnClaimedRun,
  endOpenSteps,
  findActiveRun,
  findRunningChecklist,
  insertRun,
  insertRunSteps,
  insertTargets,
  listTargets,
  lockRun,
  releaseTargets,
  peekRun,
  setCancelRequested,
  setRunEnded,
  setRunReleased,
  setRunStepDone,
  type FinalStatus,
  type RunRecord,
} from "./repository.ts";

/**
 * The life of a run, in one place: every change of a run's status goes through a function here,
 * with all its consequences (audit row, notification, credits, the workflow's progress, live
 * events, waking runners). Each takes the transaction of the change that causes it and its
 * ChangeLog; nothing else writes `workflow_runs.status` (a test searches the sources).
 *
 *   start ─► queued ─► claim ─► running ─► end (succeeded, failed, timed-out, cancelled, lost)
 *   start ─► running (a checklist: people tick it) ─► tick / complete ─► end
 *   start ─► awaiting-approval ─► approve (the last) ─► queued / running ─► …
 *                              └► reject / expire / cancel ─► end (rejected, expired, cancelled)
 *
 * Locks: the workflow first, then the run, the order every change to a run takes.
 */

/** Why a run ends: decides its audit row. A run ended by another recorded change has none of its own. */
export type EndReason =
  /** Its runner reported the outcome. */
  | "reported"
  /** Its runner stopped calling (the sweeper). */
  | "lease-expired"
  /** It ran past its timeout and its runner did not say so (the sweeper). */
  | "overdue"
  /** A person cancelled it: Cancel records `run.cancelled`. */
  | "cancelled"
  /** Its runner was revoked: the revocation is recorded. */
  | "runner-revoked"
  /** A new run replaced it (a schedule's cancel policy, a checklist superseded): the new run is recorded. */
  | "replaced"
  /** Every step of a checklist was ticked: the tick or Complete is recorded. */
  | "checklist-done"
  /** Its workflow's steps or status were changed: the change is recorded. */
  | "workflow-changed"
  /** An approver rejected it: the rejection is recorded. */
  | "rejected"
  /** Every target of a fan-out ended (decision 080): the run's outcome follows from theirs. */
  | "targets-ended"
  /** Nobody approved it in time (the sweeper). */
  | "approval-expired";

type EndRecord = { action: AuditAction; summary: (workflowName: string, status: FinalStatus) => string };
const END_RECORD: Record<EndReason, EndRecord | null> = {
  reported: { action: "run.finished", summary: (name, status) => `A run of "${name}" ${status}` },
  "lease-expired": {
    action: "run.finished",
    summary: (name) => `A run of "${name}" was lost: its runner stopped reporting`,
  },
  overdue: { action: "run.finished", summary: (name) => `A run of "${name}" timed out` },
  cancelled: null,
  "runner-revoked": null,
  replaced: null,
  "checklist-done": null,
  "workflow-changed": null,
  rejected: null,
  "targets-ended": {
    action: "run.finished",
    summary: (name, status) => `A run of "${name}" on every matching runner ${status}`,
  },
  "approval-expired": {
    action: "run.expired",
    summary: (name) => `A run of "${name}" expired: nobody approved it in time`,
  },
};

/** What a run's open steps become when it ends: a step still running ends with the run, a pending one is skipped. */
function openStepsEnd(kind: RunKind, status: FinalStatus): { running: RunStepStatus; pending: RunStepStatus } {
  // A checklist that succeeded had every step done, including those Complete ticked at once.
  if (kind === "checklist")
    return status === "succeeded"
      ? { running: "succeeded", pending: "succeeded" }
      : { running: "skipped", pending: "skipped" };
  const stopped = status === "lost" || status === "rejected" || status === "expired";
  return { running: stopped ? "cancelled" : status, pending: "skipped" };
}

/**
 * Counts one execution of each command the workflows' steps use (spec 4: executing bumps the
 * command's execution count and last executed); steps whose command was deleted are skipped
 * (docs/decisions/007). Part of starting a run; the scheduler counts a whole batch before any run
 * starts: commands are locked in one order (organization, then id) before any step is, the order
 * deleting a command takes too, so runs, scheduler batches and deletions never wait on each other
 * in a circle.
 */
export async function countExecutions(tx: Executor, workflows: readonly LockedWorkflow[], now: Date) {
  const byOrganization = new Map<string, string[]>();
  for (const workflow of workflows) {
    byOrganization.set(workflow.organizationId, [...(byOrganization.get(workflow.organizationId) ?? []), workflow.id]);
  }
  for (const organizationId of [...byOrganization.keys()].sort()) {
    await countStepExecutions(
      tx,
      organizationId,
      await listSteps(tx, organizationId, byOrganization.get(organizationId) ?? []),
      now,
    );
  }
}

/** countExecutions for steps already read (one workflow's, under its lock). */
async function countStepExecutions(tx: Executor, organizationId: string, steps: readonly StepRow[], now: Date) {
  const commands = steps.flatMap((step) => (step.taskId ? [step.taskId] : [])).sort();
  await recordExecution(tx, organizationId, commands, now);
}

/**
 * Starts a run (spec 4 "Executing"): an executed run is queued for a runner of the platform with
 * each step's command line snapshotted and the credits charged, and the organization's runners are
 * woken; without `execution`, a checklist is under way at once. The workflow goes in progress
 * with every step to do again. A person's run is refused while another is under way; a checklist
 * left under way is replaced by a scheduled run. The caller locked the workflow and records the
 * start in the audit log (its summary says who and why).
 *
 * First the one gate (`gate.ts`, decision 067) decides: start now, refuse, or wait for approval —
 * a run that waits holds no runner and costs nothing yet; its approvers are told, and the last
 * approval (`decideApproval`) starts it as it would have started here.
 */
export async function startRun(
  tx: Executor,
  log: ChangeLog,
  options: {
    workflow: LockedWorkflow;
    trigger: RunTrigger;
    /** The run whose end started this one (trigger `run-after`, decision 073). */
    triggeredByRunId?: string;
    /** Who asked: a person, a token (attributed to its creator), the scheduler, a hook, or a run's end. */
    requester: RunRequester;
    now: Date;
    execution: ExecutionRequest | null;
    /** The values asked for by name, checked here against the workflow's declaration (decision 061). */
    parameters: Record<string, unknown> | undefined;
    /** The requester's note to approvers. */
    note?: string | undefined;
    /** The workflow's name as typed in Run now, for a workflow that asks for it. */
    confirmName?: string | undefined;
    /** An admin's or owner's reason to start it during a freeze window (decision 071). */
    override?: { reason: string } | undefined;
    /** The scheduler counted its whole batch's executions first (see countExecutions). */
    executionsCounted?: boolean;
    /** The workflow's steps, when the caller read them under the workflow's lock: not read again. */
    steps?: readonly StepRow[];
  },
) {
  const { workflow, trigger, requester, now, execution } = options;
  const startedBy = requesterUserId(requester);
  const values = checkParameterValues(workflow.parameters, options.parameters);
  const decision = await decideRunStart(tx, {
    workflow,
    requester,
    now,
    confirmName: options.confirmName,
    override: options.override,
  });
  if (decision.kind === "refused") throw decision.error;
  // A due time in a freeze window (decision 071) is recorded as a run that ended skipped at once,
  // with why, so the card and the history show it: no runner, no credits, nothing executed.
  const skipReason = decision.kind === "skip" ? decision.reason : undefined;
  const freezeOverride = decision.kind === "skip" ? null : (decision.freezeOverride ?? null);
  const awaiting = decision.kind === "await-approval" ? decision : null;
  const steps = options.steps ?? (await listSteps(tx, workflow.organizationId, [workflow.id]));
  // A run that waits executes nothing yet: its commands are counted when it is released.
  if (!options.executionsCounted && !awaiting && !skipReason) {
    await countStepExecutions(tx, workflow.organizationId, steps, now);
  }
  const active = skipReason ? undefined : await findActiveRun(tx, workflow.id);
  if (active) {
    if (trigger === "manual" && active.status === "awaiting-approval") {
      throw new AppError("aborted", APPROVAL_MESSAGES.awaitingApproval);
    }
    // A run a runner executes is never ended by another starting: it ends by its own outcome or Cancel.
    // Only the scheduler replaces a checklist: a person, a script or a webhook is told to wait.
    if (trigger !== "schedule" || active.kind === "executed") {
      throw new AppError("aborted", WORKFLOW_MESSAGES.alreadyRunning);
    }
    await endRun(tx, log, {
      organizationId: workflow.organizationId,
      runId: active.id,
      status: "cancelled",
      reason: "replaced",
      now,
    });
  }
  const snapshot =
    execution && !skipReason
      ? await snapshotExecution(tx, { workflow, steps, request: execution, startedBy, charge: !awaiting })
      : undefined;
  const run = await insertRun(tx, {
    workflowId: workflow.id,
    organizationId: workflow.organizationId,
    trigger,
    triggeredByRunId: options.triggeredByRunId ?? null,
    startedBy,
    at: now,
    parameters: snapshotParameters(workflow.parameters, values),
    execution: snapshot?.run,
    freezeOverride,
    ...(skipReason && { skipReason }),
    awaiting: awaiting
      ? {
          approval: awaiting.policy,
          approvalExpiresAt: awaiting.expiresAt,
          note: options.note ?? "",
          requestedByTokenId: requester.kind === "token" ? requester.tokenId : null,
          requestedByTokenName: requester.kind === "token" ? requester.tokenName : null,
        }
      : undefined,
  });
  const fanOut = snapshot?.run.target.mode === "all";
  // A fan-out's steps are its targets' (decision 080).
  if (!fanOut)
    await insertRunSteps(
      tx,
      run.id,
      steps.map((step) => ({
        stepId: step.id,
        position: step.position,
        name: step.name,
        // A checklist skips a deleted command's step; a runner reports it skipped itself.
        status: !skipReason && (step.taskId || snapshot) ? "pending" : "skipped",
        ...snapshot?.steps?.get(step.id),
      })),
    );
  if (skipReason) return { ...run, status: "skipped" as const, skipReason };
  if (awaiting) {
    log.record({
      action: "run.approval_requested",
      organizationId: workflow.organizationId,
      entityId: run.id,
      summary: `Asked for approval to run the workflow "${workflow.name}"`,
    });
    await notifyApprovalRequested(tx, {
      run: { id: run.id, organizationId: workflow.organizationId, trigger, startedAt: now, startedBy },
      workflow: { id: workflow.id, name: workflow.name },
      policy: awaiting.policy,
    });
    return { ...run, status: "awaiting-approval" as const };
  }
  await resetForRun(tx, { workflow, stepCount: steps.length, now });
  log.measure((metrics) => metrics.runStarted({ trigger, kind: execution ? "executed" : "checklist" }));
  if (fanOut && execution) {
    const parent = { id: run.id, trigger, startedBy, parameters: snapshotParameters(workflow.parameters, values) };
    await startFanOut(tx, log, { workflow, parent, target: execution.target, now });
    return { ...run, status: "running" as const };
  }
  // Lists hear of it as their workflow's change (the caller's audit row); runners through their queue.
  if (execution) log.wakeRunners(workflow.organizationId);
  return { ...run, status: execution ? ("queued" as const) : ("running" as const) };
}

/**
 * A person approves or rejects a run awaiting approval (decision 067), under the locks of the
 * workflow and the run, so two approvers at once count right: who may is `mayApprove` (never the
 * one who asked, never twice). A rejection ends the run rejected; the last approval needed
 * releases it — its commands counted, its credits taken, queued for a runner (a checklist: under
 * way), the workflow in progress, runners woken — as `startRun` would have started it.
 */
export async function decideApproval(
  tx: Executor,
  log: ChangeLog,
  options: {
    organizationId: string;
    runId: string;
    person: { userId: string; name: string; role: Role | null | undefined };
    decision: ApprovalDecision;
    comment: string;
    now: Date;
  },
) {
  const { organizationId, runId, person, decision, comment, now } = options;
  const locked = await lockRunAfterWorkflow(tx, organizationId, runId);
  if (!locked) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  const { workflow, run } = locked;
  const decisions = await listApprovalDecisions(tx, [runId]);
  const verdict = mayApprove(person, {
    status: run.status,
    startedBy: run.startedBy,
    approval: run.approval && { ...run.approval, decisions },
  });
  if (!verdict.ok) {
    throw new AppError(run.status === "awaiting-approval" ? "permission-denied" : "aborted", verdict.reason);
  }
  await insertApprovalDecision(tx, {
    runId,
    organizationId,
    userId: person.userId,
    userName: person.name,
    decision,
    comment,
    at: now,
  });
  const said = comment ? `: ${comment}` : "";
  if (decision === "rejected") {
    log.record({
      action: "run.rejected",
      organizationId,
      entityId: runId,
      summary: `Rejected a run of "${workflow.name}"${said}`,
    });
    await endRun(tx, log, { organizationId, runId, status: "rejected", reason: "rejected", now });
    return;
  }
  const approved = decisions.filter((row) => row.decision === "approved").length + 1;
  const required = run.approval?.approvals ?? 1;
  log.record({
    action: "run.approved",
    organizationId,
    entityId: runId,
    summary: `Approved a run of "${workflow.name}" (${approved} of ${required})${said}`,
  });
  if (approved >= required) await releaseRun(tx, log, { workflow, run, now });
  else announceRun(log, run);
}

/** The last approval: the run starts as `startRun` would have started it without the gate. */
async function releaseRun(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; run: RunRecord; now: Date },
) {
  const { workflow, run, now } = options;
  await countExecutions(tx, [workflow], now);
  let creditsCharged = 0;
  const fanOut = isFanOut(run);
  if (run.kind === "executed") {
    await requireSecrets(tx, workflow.organizationId, run.secretNames, "secrets");
    // A fan-out is charged per target, when they are made.
    if (!fanOut) creditsCharged = await chargeForRun(tx, { workflow, userId: run.startedBy });
  }
  await setRunReleased(tx, run.id, { creditsCharged });
  const steps = await listSteps(tx, workflow.organizationId, [workflow.id]);
  await resetForRun(tx, { workflow, stepCount: steps.length, now });
  log.measure((metrics) => metrics.runStarted({ trigger: run.trigger, kind: run.kind }));
  if (fanOut && run.target) await startFanOut(tx, log, { workflow, parent: run, target: run.target, now });
  else if (run.kind === "executed") log.wakeRunners(workflow.organizationId);
  if (creditsCharged > 0)
    log.announce({ entity: "organization", id: workflow.organizationId, action: "updated" }, workflow.organizationId);
  announceRun(log, run);
}

/** The sweeper: a run nobody approved in time ends expired (checked again under the lock). */
export async function expireApproval(
  tx: Executor,
  log: ChangeLog,
  options: { organizationId: string; runId: string; now: Date },
) {
  const { now } = options;
  return endRun(tx, log, {
    ...options,
    status: "expired",
    reason: "approval-expired",
    onlyIf: (run) => run.approvalExpiresAt !== null && run.approvalExpiresAt < now,
  });
}

/**
 * A runner takes the oldest queued run it may execute (runs/claim-run.ts waits for one): the run
 * is running and leased to it. The claim is kept in the run itself (its runner and claimedAt), not
 * as an audit row: a run writes two, its start and its end.
 */
export async function claimRun(
  db: Executor,
  log: ChangeLog,
  options: { runner: Parameters<typeof claimQueuedRun>[1]; now: Date; leaseMs: number },
) {
  const claimed = await claimQueuedRun(db, options.runner, options.now, options.leaseMs);
  if (!claimed) return undefined;
  const { run } = claimed;
  announceRun(log, run);
  const waitedMs = (run.claimedAt ?? options.now).getTime() - run.startedAt.getTime();
  log.measure((metrics) => metrics.runClaimed(waitedMs / 1000));
  return claimed;
}

/** The runner hung up before a claim's answer went out: the run goes back to the queue (repository.ts). */
export async function returnClaim(
  db: Executor,
  log: ChangeLog,
  run: { id: string; organizationId: string; workflowId: string; runnerId: string | null },
) {
  if (!run.runnerId || !(await returnClaimedRun(db, run.id, run.runnerId))) return;
  announceRun(log, run);
  log.wakeRunners(run.organizationId);
}

/**
 * Cancel: a queued run or a checklist ends at once (cancelled, a queued run's credits refunded); a
 * running executed run is asked to stop, and its runner hears it on its next call and ends it.
 * 404 for another organization's run; false when the run had already ended.
 */
export async function requestCancel(
  tx: Executor,
  log: ChangeLog,
  options: { organizationId: string; runId: string; now: Date },
) {
  const { organizationId, runId, now } = options;
  const locked = await lockRunAfterWorkflow(tx, organizationId, runId);
  if (!locked) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  const { run, workflow } = locked;
  if (!isActive(run.status)) return false;
  log.record({ action: "run.cancelled", entityId: runId, summary: "Cancelled a run" });
  if (isFanOut(run) && run.status === "running") {
    // Every target stops: a queued one ends now, a running one hears it on its runner's next call.
    await setCancelRequested(tx, runId, now);
    for (const target of await listTargets(tx, runId)) {
      if (target.status !== "running") continue;
      await setCancelRequested(tx, target.id, now);
      announceRun(log, { ...run, id: target.id, runnerId: target.runnerId });
    }
    await settleFanOut(tx, log, { workflow, parentRunId: runId, now });
    announceRun(log, run);
    return true;
  }
  if (run.kind === "executed" && run.status === "running") {
    await setCancelRequested(tx, runId, now);
    announceRun(log, run);
    return true;
  }
  await endRun(tx, log, { organizationId, runId, status: "cancelled", reason: "cancelled", now });
  return true;
}

/**
 * A person ticks a checklist step done or to do (spec 4); the run under way records it too, and
 * succeeds once every step is done. The workflow's progress follows.
 */
export async function tickChecklist(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; stepId: string; status: StepStatus; by: string | null; now: Date },
) {
  const { workflow, stepId, status, by, now } = options;
  await mark(tx, { workflow, stepId, status, by, now });
  const running = await findRunningChecklist(tx, workflow.id);
  if (running) {
    await setRunStepDone(tx, { runId: running.id, stepId, done: status === "completed", at: now });
    // A step is the run's own news; the lists hear of the workflow's progress.
    log.signalRun({ runId: running.id, seq: null });
  }
  const { done } = await settleProgress(tx, { workflow, by, now, run: running ? "under-way" : "none" });
  if (done && running) {
    await endRun(tx, log, {
      organizationId: workflow.organizationId,
      runId: running.id,
      status: "succeeded",
      reason: "checklist-done",
      now,
    });
  }
}

/** Spec 4 "Complete": every step done by the person completing it, and the checklist under way succeeds. */
export async function completeChecklist(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; by: string | null; now: Date },
) {
  await completeWork(tx, options);
  await endChecklistUnderWay(tx, log, { ...options, status: "succeeded", reason: "checklist-done" });
}

/**
 * Ends the checklist under way, if any, as cancelled: its workflow's steps or status were changed.
 * An executed run is left alone: it runs its snapshot, and has its own Cancel.
 */
export async function cancelChecklistUnderWay(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; now: Date },
) {
  return endChecklistUnderWay(tx, log, { ...options, status: "cancelled", reason: "workflow-changed" });
}

async function endChecklistUnderWay(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; now: Date; status: FinalStatus; reason: EndReason },
) {
  const { workflow, now, status, reason } = options;
  const running = await findRunningChecklist(tx, workflow.id);
  if (!running) return false;
  await endRun(tx, log, { organizationId: workflow.organizationId, runId: running.id, status, reason, now });
  return true;
}

/**
 * Ends a run awaiting approval, queued or running, the one way any run ends: its status and finish, its open steps
 * (`openStepsEnd`), the notification rules told (decision 026: in this same transaction, so a
 * rolled-back end tells nothing), a run cancelled before any runner claimed it refunded, the
 * workflow's progress settled, its audit row (by `reason`), its viewers and lists told, and the
 * workflows that run after it started (decision 073, `start-followers.ts`).
 * Returns undefined when the run had already ended: ending is idempotent, whoever comes second
 * (runner, sweeper, person) changes nothing.
 */
export async function endRun(
  tx: Executor,
  log: ChangeLog,
  options: {
    organizationId: string;
    runId: string;
    status: FinalStatus;
    reason: EndReason;
    now: Date;
    /** Checked again under the lock (the sweeper: is the lease still expired?). */
    onlyIf?: (run: RunRecord) => boolean;
    /** Why a run ending skipped did not run (a fan-out's target whose runner stayed offline). */
    skipReason?: string;
    /** The run's workflow, when the caller has just read the run (its runner's report): no second look. */
    workflowId?: string;
    /** The workflow and the run, when the caller has locked them in this transaction already. */
    locked?: { workflow: LockedWorkflow; run: RunRecord };
  },
) {
  const { organizationId, runId, status, reason, now } = options;
  const peek = options.locked ?? (await lockRunAfterWorkflow(tx, organizationId, runId, options.workflowId));
  if (!peek) return undefined;
  const { workflow, run } = peek;
  if (!isActive(run.status)) return undefined;
  if (options.onlyIf && !options.onlyIf(run)) return undefined;
  if (run.parentRunId) {
    // A fan-out's target: the run it belongs to tells, counts and records (decision 080).
    await endTarget(tx, log, { workflow, target: run, status, now, skipReason: options.skipReason });
    await settleFanOut(tx, log, { workflow, parentRunId: run.parentRunId, now });
    return run;
  }
  await setRunEnded(tx, runId, status, now, options.skipReason);
  await notifyRunOutcome(tx, { run: { ...run, status, finishedAt: now }, workflowName: workflow.name, at: now });
  await endOpenSteps(tx, runId, openStepsEnd(run.kind, status), now);
  await refundUnstarted(tx, log, { workflow, run, status });
  // A run that waited for approval never started: the workflow's progress is as it was.
  if (run.status !== "awaiting-approval") await settleProgress(tx, { workflow, by: null, now, run: "ended" });
  const record = END_RECORD[reason];
  if (record) {
    log.record({
      action: record.action,
      organizationId,
      entityId: runId,
      summary: record.summary(workflow.name, status),
      changes: { status: { before: run.status, after: status } },
    });
  }
  announceRun(log, run);
  log.measure((metrics) => metrics.runEnded({ trigger: run.trigger, kind: run.kind, status }));
  await startFollowers(tx, log, { run, workflow, status, now });
  return run;
}

/** A run cancelled before any runner claimed it gets back what queueing it cost. */
async function refundUnstarted(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; run: RunRecord; status: FinalStatus },
) {
  const { workflow, run, status } = options;
  if (status !== "cancelled" || run.claimedAt !== null || run.creditsCharged <= 0) return;
  const { organizationId } = run;
  await giveCredits(tx, { organizationId, amount: run.creditsCharged, max: MAX_CREDIT_BALANCE });
  await insertTransaction(tx, {
    organizationId,
    userId: null,
    amount: run.creditsCharged,
    type: "addition",
    description: `Refund: run of ${workflow.name} cancelled before it started`,
  });
  log.announce({ entity: "organization", id: organizationId, action: "updated" }, organizationId);
}

/**
 * Makes a fan-out's targets (decision 080, `fan-out.ts`) as it starts — or as its last approval
 * releases it — and settles it at once: targets skipped from the start may already end it.
 */
async function startFanOut(
  tx: Executor,
  log: ChangeLog,
  options: {
    workflow: LockedWorkflow;
    parent: { id: string; trigger: RunTrigger; startedBy: string | null; parameters: RunParameter[] };
    target: Target;
    now: Date;
  },
) {
  const { workflow, parent, target, now } = options;
  const steps = await listSteps(tx, workflow.organizationId, [workflow.id]);
  const prepared = await prepareTargets(tx, { workflow, parent, steps, target, now });
  const inserted = await insertTargets(
    tx,
    { ...parent, workflowId: workflow.id, organizationId: workflow.organizationId },
    prepared.map((one) => one.row),
  );
  for (const [index, row] of inserted.entries()) await insertRunSteps(tx, row.id, prepared[index]!.steps);
  log.announce({ entity: "organization", id: workflow.organizationId, action: "updated" }, workflow.organizationId);
  await settleFanOut(tx, log, { workflow, parentRunId: parent.id, now });
  log.wakeRunners(workflow.organizationId);
}

/**
 * One target of a fan-out ends: its status, its open steps, its refund; its viewers and the
 * fan-out's hear of it. Nothing is recorded or told for it alone: the fan-out's end says it all.
 */
async function endTarget(
  tx: Executor,
  log: ChangeLog,
  options: {
    workflow: LockedWorkflow;
    target: RunRecord;
    status: FinalStatus;
    now: Date;
    skipReason?: string | undefined;
  },
) {
  const { workflow, target, status, now } = options;
  await setRunEnded(tx, target.id, status, now, options.skipReason);
  await endOpenSteps(tx, target.id, openStepsEnd("executed", status), now);
  await refundUnstarted(tx, log, { workflow, run: target, status });
  announceRun(log, target);
}

/**
 * After a target ended (or the fan-out was cancelled): targets whose batch turn came are released
 * to their runners, unclaimed ones stop when the run stops after a failure or was cancelled, and
 * once every target has ended the fan-out ends with the outcome `nextFanOutMoves` gives.
 */
async function settleFanOut(
  tx: Executor,
  log: ChangeLog,
  options: { workflow: LockedWorkflow; parentRunId: string; now: Date },
) {
  const { workflow, parentRunId, now } = options;
  const parent = await lockRun(tx, workflow.organizationId, parentRunId);
  if (!parent || !isActive(parent.status) || !parent.target) return;
  const cancelled = parent.cancelRequestedAt !== null;
  const targets = await listTargets(tx, parentRunId);
  const moves = nextFanOutMoves(targets, { target: parent.target, cancelled });
  for (const id of moves.stop) {
    const target = await lockRun(tx, workflow.organizationId, id);
    if (!target || !isActive(target.status)) continue;
    await endTarget(tx, log, {
      workflow,
      target,
      status: cancelled ? "cancelled" : "skipped",
      now,
      skipReason: cancelled ? undefined : TARGET_MESSAGES.stoppedAfterFailure,
    });
  }
  if (moves.release.length > 0) {
    await releaseTargets(tx, moves.release);
    log.wakeRunners(workflow.organizationId);
  }
  announceRun(log, parent);
  if (moves.outcome) {
    await endRun(tx, log, {
      organizationId: workflow.organizationId,
      runId: parentRunId,
      status: moves.outcome,
      reason: moves.outcome === "cancelled" ? "cancelled" : "targets-ended",
      now,
    });
  }
}

function isActive(status: string) {
  return (ACTIVE_RUN_STATUSES as readonly string[]).includes(status);
}

/**
 * The workflow, then the run, locked: the run is read first (unlocked) to learn its workflow,
 * unless the caller knows it. A run that is not the workflow's is not found.
 */
async function lockRunAfterWorkflow(tx: Executor, organizationId: string, runId: string, knownWorkflowId?: string) {
  const workflowId = knownWorkflowId ?? (await peekRun(tx, organizationId, runId))?.workflowId;
  if (!workflowId) return undefined;
  const workflow = await lockWorkflow(tx, organizationId, workflowId);
  const run = await lockRun(tx, organizationId, runId);
  if (!workflow || !run || run.workflowId !== workflowId) return undefined;
  return { workflow, run };
}

/**
 * A run's state changed: its viewers re-read it (the run stream), and the lists that show it —
 * the workflow's card and history, the Runners page — refresh.
 */
function announceRun(
  log: ChangeLog,
  run: {
    id: string;
    organizationId: string;
    workflowId: string;
    runnerId?: string | null;
    parentRunId?: string | null;
  },
) {
  log.signalRun({ runId: run.id, seq: null });
  // A fan-out's matrix shows each target's state: its viewers re-read it when a target changes.
  if (run.parentRunId) log.signalRun({ runId: run.parentRunId, seq: null });
  log.announce({ entity: "run", id: run.id, action: "updated" }, run.organizationId);
  log.announce({ entity: "workflow", id: run.workflowId, action: "updated" }, run.organizationId);
  if (run.runnerId) log.announce({ entity: "runner", id: run.runnerId, action: "updated" }, run.organizationId);
}
