import { AppError } from "@flowdeck/shared";
import { HOOK_MESSAGES } from "@flowdeck/shared/hooks/messages";
import { resolvePointer } from "@flowdeck/shared/hooks/json-pointer";
import { HOOK_SIGNATURE_HEADERS, type HookSignature } from "@flowdeck/shared/hooks/schemas";
import type { Database } from "../../db/database.ts";
import type { HookActor } from "../../lib/actor.ts";
import { transact, type ChangeContext, type RequestOrigin } from "../../lib/change-log.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { checkJson } from "../../lib/check-json.ts";
import { lockOrThrow } from "../workflows/change-workflow.ts";
import { listSteps } from "../workflows/repository.ts";
import { defaultExecution } from "../runs/execution.ts";
import { startRun } from "../runs/lifecycle.ts";
import { openSigningSecret, signatureMatches, urlSecretMatches, type SealedSigningSecret } from "./hook-secrets.ts";
import { findDelivery, findHookForCall, insertCall, pruneCalls, setCallRun, type HookRecord } from "./repository.ts";

/**
 * A call to a webhook's URL (decision 068): the URL's secret, then the signature over the raw body,
 * then a repeated delivery, then the body's values mapped to parameters, and the run started
 * through `startRun` like every other (parameters checked, secrets, credits, the one-run rule).
 * Every call whose URL secret matched is recorded on the hook and in the audit log, the hook acting.
 */

export type HookCall = {
  db: Database;
  events: EventHub;
  metrics?: Metrics;
  origin: RequestOrigin;
  hookId: string;
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  now?: Date;
};

/** A hash to compare with when the id names no hook, so an unknown id takes as long as a wrong secret. */
const NO_HASH = Buffer.alloc(32);
const DELIVERY_ID_MAX = 200;

export async function callHook(call: HookCall): Promise<{ runId: string }> {
  const { db, hookId, secret, now = new Date() } = call;
  const hook = await findHookForCall(db, hookId);
  const matches = urlSecretMatches(secret, hook?.secretHash ?? NO_HASH);
  // Unknown, revoked or the wrong secret: one answer, so the URL tells nothing of which.
  if (!hook || !matches || hook.revokedAt) throw new AppError("not-found", HOOK_MESSAGES.callNotFound);

  const actor: HookActor = { kind: "hook", hookId: hook.id, name: hook.name, organizationId: hook.organizationId };
  const context: ChangeContext = {
    db,
    events: call.events,
    metrics: call.metrics,
    actor,
    organizationId: hook.organizationId,
    origin: call.origin,
  };
  try {
    await checkSignature(db, hook, call);
    const deliveryId = deliveryIdOf(call.headers);
    if (deliveryId) {
      const earlier = await findDelivery(db, hook.id, deliveryId);
      if (earlier?.runId) return await repeated(context, hook, earlier.runId, now);
    }
    const parameters = mapParameters(hook.parameters, call.body);
    return await transact(context, async (tx, log) => {
      const claimed = await insertCall(tx, { hookId: hook.id, at: now, status: 202, deliveryId });
      if (!claimed) {
        // A concurrent call with the same delivery id committed first: answer its run.
        const first = deliveryId ? await findDelivery(tx, hook.id, deliveryId) : undefined;
        if (!first?.runId) throw new AppError("aborted", HOOK_MESSAGES.callNotFound);
        return { runId: first.runId };
      }
      const workflow = await lockOrThrow(tx, hook.organizationId, hook.workflowId);
      const steps = await listSteps(tx, hook.organizationId, [workflow.id]);
      const run = await startRun(tx, log, {
        workflow,
        trigger: "webhook",
        requester: { kind: "hook", hookId: hook.id, hookName: hook.name },
        now,
        execution: await defaultExecution(tx, workflow, steps, now),
        parameters,
      });
      await setCallRun(tx, claimed.id, run.id);
      await pruneCalls(tx, hook.id, now);
      log.record({
        action: "hook.called",
        entityId: hook.id,
        summary: `Webhook "${hook.name}" started a run of "${workflow.name}" (202)`,
        changes: { status: { before: null, after: 202 }, runId: { before: null, after: run.id } },
      });
      // The workflow's lists show the run, as after Run now.
      log.announce({ entity: "workflow", id: workflow.id, action: "updated" });
      return { runId: run.id };
    });
  } catch (error) {
    if (error instanceof AppError) await refused(context, hook, error, now);
    throw error;
  }
}

/** The header's signature over the raw body, in the hook's mode: 401 when it is missing or wrong. */
async function checkSignature(db: Database, hook: HookRecord, call: HookCall) {
  const mode: HookSignature = hook.signature;
  if (mode === "none") return;
  const header = HOOK_SIGNATURE_HEADERS[mode];
  const given = call.headers[header.toLowerCase()];
  if (typeof given !== "string" || given.trim() === "") {
    throw new AppError("unauthenticated", HOOK_MESSAGES.signatureMissing(header));
  }
  const secret = await openSigningSecret(db, hook as HookRecord & SealedSigningSecret);
  if (!signatureMatches(given, secret, call.body)) {
    throw new AppError("unauthenticated", HOOK_MESSAGES.signatureWrong(header));
  }
}

/** GitHub's delivery id, else the caller's Idempotency-Key; null without either. */
function deliveryIdOf(headers: HookCall["headers"]): string | null {
  for (const name of ["x-github-delivery", "idempotency-key"]) {
    const value = headers[name];
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, DELIVERY_ID_MAX);
  }
  return null;
}

/**
 * The body's values by JSON pointer, by parameter name. A pointer that finds nothing (or null)
 * leaves its parameter out, so its default applies and a required one is refused by name.
 */
function mapParameters(mapping: Record<string, string>, body: Buffer): Record<string, unknown> {
  const entries = Object.entries(mapping);
  if (entries.length === 0) return {};
  let document: unknown;
  try {
    document = JSON.parse(body.toString("utf8"));
  } catch {
    throw new AppError("invalid-argument", HOOK_MESSAGES.bodyNotJson, { body: HOOK_MESSAGES.bodyNotJson });
  }
  const problem = checkJson(document);
  if (problem) throw new AppError("invalid-argument", problem, { body: problem });
  const values: Record<string, unknown> = {};
  for (const [name, pointer] of entries) {
    const found = resolvePointer(document, pointer);
    if (!found.found || found.value === null) continue;
    if (typeof found.value === "object") {
      const message = HOOK_MESSAGES.pointerNotValue(pointer, name);
      throw new AppError("invalid-argument", message, { [`parameters.${name}`]: message });
    }
    values[name] = found.value;
  }
  return values;
}

/** A repeated delivery: recorded as a call, answered with the first run, starting nothing. */
async function repeated(context: ChangeContext, hook: HookRecord, runId: string, now: Date) {
  await transact(context, async (tx, log) => {
    await insertCall(tx, { hookId: hook.id, at: now, status: 202, runId });
    await pruneCalls(tx, hook.id, now);
    log.record({
      action: "hook.called",
      entityId: hook.id,
      summary: `Webhook "${hook.name}" received a repeated delivery: no second run (202)`,
      changes: { status: { before: null, after: 202 }, runId: { before: null, after: runId } },
    });
  });
  return { runId };
}

/** A refused call, recorded on the hook and in the audit log with the reason. */
async function refused(context: ChangeContext, hook: HookRecord, error: AppError, now: Date) {
  const { status } = error;
  await transact(context, async (tx, log) => {
    await insertCall(tx, { hookId: hook.id, at: now, status });
    await pruneCalls(tx, hook.id, now);
    log.record({
      action: "hook.called",
      entityId: hook.id,
      summary: `Webhook "${hook.name}" refused a call (${status}): ${error.message}`,
      changes: { status: { before: null, after: status } },
    });
  });
}
