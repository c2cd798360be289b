import { randomUUID } from "node:crypto";
import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import {
  REGISTRATION_TOKEN_PREFIX,
  RUNNER_SECRET_PREFIX,
  RUNNER_TIMINGS,
  type RegisterRunnerRequestSchema,
  type RegisterRunnerResponse,
  type RunnerSelf,
} from "@flowdeck/shared/runners/protocol";
import type { RegistrationToken, Runner, UpdateRunnerInput } from "@flowdeck/shared/runners/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import type { RunnerActor } from "../../lib/actor.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { endRun } from "../runs/lifecycle.ts";
import { runsHeldBy } from "../runs/repository.ts";
import { TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";
import {
  currentRuns,
  findRunner,
  findUsableRegistrationToken,
  insertRegistrationToken,
  insertRunner,
  listRunners as listRunnerRows,
  organizationName,
  spendRegistrationToken,
  updateRunner as updateRunnerRow,
  type RunnerRow,
} from "./repository.ts";
import { runnerInstallCommands } from "@flowdeck/shared/runners/install";
import { labelsOfRunner } from "@flowdeck/shared/runners/labels";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type OrgScope, type RequestOrigin, type RunnerScope } from "../../lib/change-log.ts";
import { hashSecret, newSecret } from "../../lib/secrets.ts";

type Scope = { db: Database; events: EventHub; organizationId: string };

/** "Register a runner": a token shown once, valid one hour, and the command that uses it. */
export async function createRegistrationToken({
  userId,
  appUrl,
  now = new Date(),
  ...context
}: OrgScope & { userId: string; appUrl: string; now?: Date }): Promise<RegistrationToken> {
  const token = newSecret(REGISTRATION_TOKEN_PREFIX);
  const expiresAt = new Date(now.getTime() + RUNNER_TIMINGS.registrationTokenMs);
  await transact(context, async (tx, log) => {
    const organizationId = context.organizationId;
    await insertRegistrationToken(tx, { organizationId, tokenHash: hashSecret(token), createdBy: userId, expiresAt });
    log.record({
      action: "runner.registration_token_created",
      entityId: null,
      summary: "Created a runner registration token, valid for one hour",
    });
  });
  // The runner comes from this Flowdeck (GET /runner/flowdeck-runner.tgz), never from a registry.
  const commands = runnerInstallCommands(appUrl, token);
  return { token, expiresAt: expiresAt.toISOString(), command: commands.register, commands };
}

/**
 * POST /api/runner/v1/register: spends the token and gives the runner its secret, once. The runner
 * registers itself: the change (and its audit row) is the new runner's, as everything it does next.
 */
export async function registerRunner({
  db,
  events,
  input,
  origin,
  now = new Date(),
}: {
  db: Database;
  events: EventHub;
  input: z.output<typeof RegisterRunnerRequestSchema>;
  origin?: RequestOrigin;
  now?: Date;
}): Promise<RegisterRunnerResponse> {
  const secret = newSecret(RUNNER_SECRET_PREFIX);
  const tokenHash = hashSecret(input.token);
  // The organization is the token's; it is spent (and checked again) in the transaction below.
  const usable = await findUsableRegistrationToken(db, tokenHash, now);
  if (!usable) throw new AppError("unauthenticated", RUNNER_MESSAGES.badRegistrationToken);
  const { organizationId } = usable;
  const actor: RunnerActor = { kind: "runner", runnerId: randomUUID(), name: input.name, organizationId };
  const runner = await transact({ db, events, actor, organizationId, origin }, async (tx, log) => {
    const token = await spendRegistrationToken(tx, tokenHash, now);
    // Spent by a registration racing this one.
    if (!token) throw new AppError("unauthenticated", RUNNER_MESSAGES.badRegistrationToken);
    const row = await insertRunner(tx, {
      id: actor.runnerId,
      organizationId,
      name: input.name,
      os: input.os,
      arch: input.arch,
      declaredLabels: input.labels,
      version: input.version,
      secretHash: hashSecret(secret),
      lastSeenAt: now,
      createdBy: token.createdBy,
    });
    log.record({
      action: "runner.registered",
      entityId: row.id,
      summary: `Registered the runner "${row.name}" (${row.os}, ${row.arch})`,
    });
    return { row, organizationName: await organizationName(tx, organizationId) };
  });
  return {
    runnerId: runner.row.id,
    secret,
    name: runner.row.name,
    organizationId: runner.row.organizationId,
    organizationName: runner.organizationName,
  };
}

/** GET /api/runner/v1/runner: what the calling runner is, as the server knows it now. */
export async function describeRunner({ db, actor }: RunnerScope): Promise<RunnerSelf> {
  const row = await findRunner(db, actor.organizationId, actor.runnerId);
  if (!row) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  const { id, name, os, arch, organizationId } = row;
  const labels = labelsOfRunner(row);
  return { id, name, labels, os, arch, organizationId, organizationName: await organizationName(db, organizationId) };
}

export async function listRunners({ db, organizationId, now = new Date() }: Omit<Scope, "events"> & { now?: Date }) {
  const rows = await listRunnerRows(db, organizationId);
  const runs = await currentRuns(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      toRunner(
        row,
        runs.find((run) => run.runnerId === row.id),
        now,
      ),
    ),
  };
}

export async function updateRunner({
  runnerId,
  input,
  ...context
}: OrgScope & { runnerId: string; input: UpdateRunnerInput & { labels?: string[] } }): Promise<Runner> {
  const { db, organizationId } = context;
  const row = await transact(context, async (tx, log) => {
    const current = await findRunner(tx, organizationId, runnerId);
    if (!current) throw new AppError("not-found", RUNNER_MESSAGES.notFound);
    const updated = await updateRunnerRow(tx, runnerId, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.labels !== undefined && { labels: input.labels }),
    });
    log.record({
      action: "runner.updated",
      entityId: runnerId,
      summary: `Changed the runner "${updated!.name}"`,
      changes: changesBetween(
        { name: current.name, labels: current.labels.join(", ") },
        { name: updated!.name, labels: updated!.labels.join(", ") },
        ["name", "labels"],
      ),
    });
    return updated!;
  });
  const [run] = await currentRuns(db, [runnerId]);
  return toRunner(row, run, new Date());
}

/** The calling runner as a claim needs it: its platform and labels as they are now (an admin may have changed its own). */
export async function claimerOf({ db, organizationId, actor }: RunnerScope) {
  const runner = await findRunner(db, organizationId, actor.runnerId);
  if (!runner) throw new AppError("unauthenticated", RUNNER_MESSAGES.unknownSecret);
  return { id: runner.id, organizationId: runner.organizationId, os: runner.os, labels: labelsOfRunner(runner) };
}

/**
 * Revokes a runner (the admin's Revoke, or the runner's own unregister): its next call gets 401,
 * and the run it was executing is lost at once rather than after its lease (announced with the
 * revocation; its one audit row is the revocation's).
 */
export async function revokeRunner({
  runnerId,
  now = new Date(),
  ...context
}: OrgScope & { runnerId: string; now?: Date }) {
  const { organizationId } = context;
  await transact(context, async (tx, log) => {
    const current = await findRunner(tx, organizationId, runnerId);
    if (!current) throw new AppError("not-found", RUNNER_MESSAGES.notFound);
    if (!current.revokedAt) await updateRunnerRow(tx, runnerId, { revokedAt: now });
    // Its running runs are lost; the queued ones only it could take (pinned, a fan-out's targets) never start.
    for (const run of await runsHeldBy(tx, runnerId)) {
      const running = run.status === "running";
      await endRun(tx, log, {
        organizationId,
        runId: run.id,
        status: running ? "lost" : "skipped",
        reason: "runner-revoked",
        now,
        ...(!running && { skipReason: TARGET_MESSAGES.runnerRevoked }),
      });
    }
    log.record({ action: "runner.revoked", entityId: runnerId, summary: `Revoked the runner "${current.name}"` });
  });
}

function toRunner(row: RunnerRow, run: Awaited<ReturnType<typeof currentRuns>>[number] | undefined, now: Date): Runner {
  return {
    id: row.id,
    name: row.name,
    os: row.os,
    arch: row.arch,
    labels: row.labels,
    declaredLabels: row.declaredLabels,
    version: row.version,
    lastSeenAt: row.lastSeenAt.toISOString(),
    online: !row.revokedAt && now.getTime() - row.lastSeenAt.getTime() < RUNNER_TIMINGS.offlineAfterMs,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    currentRun: run
      ? { id: run.id, workflowId: run.workflowId, workflowName: run.workflowName, status: run.status }
      : null,
  };
}
