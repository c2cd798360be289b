import { AppError } from "@flowdeck/shared";
import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import type { Executor } from "../../db/database.ts";
import { EnvelopeError, openValue } from "../../lib/envelope.ts";
import { openDataKey } from "./keyring.ts";
import { findSealedSecrets, listNames } from "./repository.ts";

/**
 * The values of those of `names` the organization has (a missing name is simply absent), opened
 * for a run that is given them. Only the code that hands a run its secrets calls this; a value
 * goes nowhere else (no log, no answer, no event). A value that does not open (a row moved or
 * changed, or a master key this instance lacks) is refused with 503, never returned as garbage.
 */
export async function revealSecrets(
  db: Executor,
  organizationId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findSealedSecrets(db, organizationId, [...new Set(names)]);
  const values = new Map<string, string>();
  for (const row of rows) {
    const dataKey = openDataKey(row.dataKey);
    try {
      values.set(
        row.name,
        openValue(
          dataKey,
          { iv: row.iv, ciphertext: row.ciphertext, tag: row.authTag },
          { organizationId, name: row.name },
        ),
      );
    } catch (error) {
      if (error instanceof EnvelopeError) throw new AppError("unavailable", SECRET_MESSAGES.cannotOpenValue(row.name));
      throw error;
    }
  }
  return values;
}

/** The names of the organization's secrets, in order: what a workflow may list. */
export async function listSecretNames(db: Executor, organizationId: string): Promise<string[]> {
  return listNames(db, organizationId);
}
