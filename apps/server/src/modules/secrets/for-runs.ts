import { AppError } from "@flowdeck/shared";
import { SecretMasker } from "@flowdeck/shared/secrets/masking";
import { WORKFLOW_MESSAGES } from "@flowdeck/shared/workflows/messages";
import type { Executor } from "../../db/database.ts";
import { listSecretNames, revealSecrets } from "./reveal.ts";

/**
 * A workflow may only list secrets the organization has, and a run only starts when all of them
 * still exist (a deleted or renamed one names itself here, before anything is queued).
 */
export async function requireSecrets(db: Executor, organizationId: string, names: readonly string[], field: string) {
  if (names.length === 0) return;
  const existing = new Set(await listSecretNames(db, organizationId));
  const missing = names.filter((name) => !existing.has(name));
  if (missing.length === 0) return;
  const message = WORKFLOW_MESSAGES.missingSecrets(missing);
  throw new AppError("invalid-argument", message, { [field]: message });
}

/** What the audit row of a run's start says of the secrets its runner is given: names only. */
export function secretsGivenNote(names: readonly string[]): string {
  return names.length === 0 ? "" : `, given the secrets ${names.join(", ")}`;
}

/** The values a claimed run's runner is given, by name; a secret deleted since it was queued is left out. */
export async function secretsForRun(db: Executor, run: { organizationId: string; secretNames: readonly string[] }) {
  if (run.secretNames.length === 0) return {};
  return Object.fromEntries(await revealSecrets(db, run.organizationId, run.secretNames));
}

/**
 * The masker for a run's output as the server stores it (the runner masked it already: this is
 * the second line of defence against a runner of an older version). Kept briefly per run, so a
 * run's batches do not each decrypt its secrets again.
 */
const maskers = new Map<string, { masker: SecretMasker; until: number }>();
const MASKER_TTL_MS = 30_000;
const MASKERS_KEPT = 500;

export async function maskerForRun(
  db: Executor,
  run: { id: string; organizationId: string; secretNames: readonly string[] },
  now = Date.now(),
): Promise<SecretMasker | null> {
  if (run.secretNames.length === 0) return null;
  const kept = maskers.get(run.id);
  if (kept && kept.until > now) return kept.masker;
  const values = await revealSecrets(db, run.organizationId, run.secretNames);
  const masker = new SecretMasker(values.values());
  if (maskers.size >= MASKERS_KEPT) {
    for (const [runId, entry] of maskers) if (entry.until <= now || maskers.size >= MASKERS_KEPT) maskers.delete(runId);
  }
  maskers.set(run.id, { masker, until: now + MASKER_TTL_MS });
  return masker;
}
