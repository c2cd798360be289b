import { AppError } from "@flowdeck/shared";
import { HOOK_MESSAGES } from "@flowdeck/shared/hooks/messages";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import {
  HOOKS_PER_WORKFLOW,
  type CreateHookSchema,
  type Hook,
  type HookList,
  type HookSecrets,
} from "@flowdeck/shared/hooks/schemas";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { attributedUserId } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { lockOrThrow } from "../workflows/change-workflow.ts";
import { findWorkflow } from "../workflows/repository.ts";
import { newSigningSecret, newUrlSecret } from "./hook-secrets.ts";
import { countActiveHooks, insertHook, listCalls, listHookRows, lockHook, updateHook } from "./repository.ts";

/**
 * A workflow's inbound webhooks (decision 068): editors create, list, rotate and revoke them. The
 * URL (with its secret) and the signing secret are answered once, by create and rotate; the list
 * and the audit log never hold either.
 */

type WorkflowScope = OrgScope & { workflowId: string; appUrl: string };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The URL a hook is called at: the server's public address, the hook's id and its secret. */
export function hookUrl(appUrl: string, hookId: string, secret: string): string {
  return `${appUrl.replace(/\/+$/, "")}/api/hooks/${hookId}/${secret}`;
}

export async function listHooks(scope: {
  db: Database;
  organizationId: string;
  workflowId: string;
}): Promise<HookList> {
  const { db, organizationId, workflowId } = scope;
  if (!(await findWorkflow(db, organizationId, workflowId)))
    throw new AppError("not-found", WORKFLOW_MESSAGES.notFound);
  const rows = await listHookRows(db, { organizationId, workflowId });
  const calls = await listCalls(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row): Hook => {
      const own = calls
        .filter((call) => call.hookId === row.id)
        .map((call) => ({ at: call.at.toISOString(), status: call.status, runId: call.runId }));
      return {
        id: row.id,
        workflowId: row.workflowId,
        name: row.name,
        signature: row.signature,
        parameters: row.parameters,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy,
        rotatedAt: iso(row.rotatedAt),
        revokedAt: iso(row.revokedAt),
        lastCall: own[0] ?? null,
        calls: own,
      };
    }),
  };
}

export async function createHook(scope: WorkflowScope, input: z.output<typeof CreateHookSchema>): Promise<HookSecrets> {
  const { organizationId, workflowId, appUrl } = scope;
  return transact(scope, async (tx, log) => {
    const workflow = await lockOrThrow(tx, organizationId, workflowId);
    const declared = new Set(workflow.parameters.map((parameter) => parameter.name));
    const fields: Record<string, string> = {};
    for (const name of Object.keys(input.parameters)) {
      if (!declared.has(name)) fields[`parameters.${name}`] = HOOK_MESSAGES.notAParameter(name);
    }
    const [firstField] = Object.values(fields);
    if (firstField) throw new AppError("invalid-argument", firstField, fields);
    if ((await countActiveHooks(tx, workflowId)) >= HOOKS_PER_WORKFLOW) {
      throw new AppError("resource-exhausted", HOOK_MESSAGES.tooMany);
    }
    const id = randomUUID();
    const url = newUrlSecret();
    const signing = input.signature === "none" ? undefined : await newSigningSecret(tx, { organizationId, hookId: id });
    await insertHook(tx, {
      id,
      organizationId,
      workflowId,
      name: input.name,
      signature: input.signature,
      parameters: input.parameters,
      secretHash: url.hash,
      ...signing?.sealed,
      createdBy: attributedUserId(scope.actor),
    });
    log.record({
      action: "hook.created",
      entityId: id,
      summary: `Created the webhook "${input.name}" of the workflow "${workflow.name}"`,
      changes: {
        name: { before: null, after: input.name },
        signature: { before: null, after: input.signature },
        parameters: { before: null, after: JSON.stringify(input.parameters) },
      },
    });
    return { id, url: hookUrl(appUrl, id, url.secret), ...(signing && { signingSecret: signing.secret }) };
  });
}

/** A new URL secret (and signing secret, when the hook checks one): the old URL answers 404 at once. */
export async function rotateHook(scope: WorkflowScope & { hookId: string; now?: Date }): Promise<HookSecrets> {
  const { organizationId, workflowId, hookId, appUrl, now = new Date() } = scope;
  return transact(scope, async (tx, log) => {
    const hook = await lockHook(tx, { organizationId, workflowId, hookId });
    if (!hook) throw new AppError("not-found", HOOK_MESSAGES.notFound);
    if (hook.revokedAt) throw new AppError("aborted", HOOK_MESSAGES.alreadyRevoked);
    const url = newUrlSecret();
    const signing = hook.signature === "none" ? undefined : await newSigningSecret(tx, { organizationId, hookId });
    await updateHook(tx, hookId, { secretHash: url.hash, ...signing?.sealed, rotatedAt: now });
    log.record({ action: "hook.rotated", entityId: hookId, summary: `Rotated the URL of the webhook "${hook.name}"` });
    return { id: hookId, url: hookUrl(appUrl, hookId, url.secret), ...(signing && { signingSecret: signing.secret }) };
  });
}

/** Revoked for good: its URL answers 404 as an unknown one does; its calls stay listed. */
export async function revokeHook(scope: OrgScope & { workflowId: string; hookId: string; now?: Date }) {
  const { organizationId, workflowId, hookId, now = new Date() } = scope;
  await transact(scope, async (tx, log) => {
    const hook = await lockHook(tx, { organizationId, workflowId, hookId });
    if (!hook) throw new AppError("not-found", HOOK_MESSAGES.notFound);
    if (hook.revokedAt) return;
    await updateHook(tx, hookId, { revokedAt: now });
    log.record({ action: "hook.revoked", entityId: hookId, summary: `Revoked the webhook "${hook.name}"` });
  });
}
