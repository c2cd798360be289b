import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import {
  REGISTRATION_TOKEN_PREFIX,
  RUNNER_SECRET_PREFIX,
  RUNNER_TIMINGS,
  type RegisterRunnerRequestSchema,
  type RegisterRunnerResponse,
} from "@flowdeck/shared/runners/protocol";
import type { RegistrationToken, Runner, UpdateRunnerInput } from "@flowdeck/shared/runners/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import type { EventHub } from "../../lib/event-hub.ts";
import { endRun, publishRunChange } from "../runs/end-run.ts";
import { runningRunsOf } from "../runs/repository.ts";
import {
  currentRuns,
  findRunner,
  insertRegistrationToken,
  insertRunner,
  listRunners as listRunnerRows,
  organizationName,
  spendRegistrationToken,
  updateRunner as updateRunnerRow,
  type RunnerRow,
} from "./repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

type Scope = { db: Database; events: EventHub; organizationId: string };

/** "Register a runner": a token shown once, valid one hour, and the command that uses it. */
export async function createRegistrationToken({
  db,
  organizationId,
  userId,
  appUrl,
  now = new Date(),
}: Omit<Scope, "events"> & { userId: string; appUrl: string; now?: Date }): Promise<RegistrationToken> {
  const token = newSecret(REGISTRATION_TOKEN_PREFIX);
  const expiresAt = new Date(now.getTime() + RUNNER_TIMINGS.registrationTokenMs);
  await insertRegistrationToken(db, { organizationId, tokenHash: hashSecret(token), createdBy: userId, expiresAt });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    command: `npx flowdeck-runner register --url ${appUrl} --token ${token}`,
  };
}

/** POST /api/runner/v1/register: spends the token and gives the runner its secret, once. */
export async function registerRunner({
  db,
  events,
  input,
  now = new Date(),
}: {
  db: Database;
  events: EventHub;
  input: z.output<typeof RegisterRunnerRequestSchema>;
  now?: Date;
}): Promise<RegisterRunnerResponse> {
  const secret = newSecret(RUNNER_SECRET_PREFIX);
  const runner = await db.transaction(async (tx) => {
    const token = await spendRegistrationToken(tx, hashSecret(input.token), now);
    if (!token) throw new AppError("unauthenticated", RUNNER_MESSAGES.badRegistrationToken);
    const row = await insertRunner(tx, {
      organizationId: token.organizationId,
      name: input.name,
      os: input.os,
      arch: input.arch,
      labels: input.labels,
      version: input.version,
      secretHash: hashSecret(secret),
      lastSeenAt: now,
      createdBy: token.createdBy,
    });
    return { row, organizationName: await organizationName(tx, token.organizationId) };
  });
  await events.publish(runner.row.organizationId, { entity: "runner", id: runner.row.id, action: "created" });
  return {
    runnerId: runner.row.id,
    secret,
    name: runner.row.name,
    organizationId: runner.row.organizationId,
    organizationName: runner.organizationName,
  };
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
  db,
  events,
  organizationId,
  runnerId,
  input,
}: Scope & { runnerId: string; input: UpdateRunnerInput & { labels?: string[] } }): Promise<Runner> {
  const current = await findRunner(db, organizationId, runnerId);
  if (!current) throw new AppError("not-found", RUNNER_MESSAGES.notFound);
  const row = await updateRunnerRow(db, runnerId, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.labels !== undefined && { labels: input.labels }),
  });
  await events.publish(organizationId, { entity: "runner", id: runnerId, action: "updated" });
  const [run] = await currentRuns(db, [runnerId]);
  return toRunner(row!, run, new Date());
}

/**
 * Revokes a runner (the admin's Revoke, or the runner's own unregister): its next call gets 401,
 * and the run it was executing is lost at once rather than after its lease.
 */
export async function revokeRunner({
  db,
  events,
  organizationId,
  runnerId,
  now = new Date(),
}: Scope & { runnerId: string; now?: Date }) {
  const current = await findRunner(db, organizationId, runnerId);
  if (!current) throw new AppError("not-found", RUNNER_MESSAGES.notFound);
  if (!current.revokedAt) await updateRunnerRow(db, runnerId, { revokedAt: now });
  for (const run of await runningRunsOf(db, runnerId)) {
    const ended = await db.transaction((tx) =>
      endRun(tx, { organizationId, runId: run.id, workflowId: run.workflowId, status: "lost", now }),
    );
    if (ended) await publishRunChange(events, ended);
  }
  await events.publish(organizationId, { entity: "runner", id: runnerId, action: "updated" });
}

function toRunner(row: RunnerRow, run: Awaited<ReturnType<typeof currentRuns>>[number] | undefined, now: Date): Runner {
  return {
    id: row.id,
    name: row.name,
    os: row.os,
    arch: row.arch,
    labels: row.labels,
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
