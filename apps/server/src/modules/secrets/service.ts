import { AppError } from "@flowdeck/shared";
import { SECRET_MESSAGES } from "@flowdeck/shared/secrets/messages";
import {
  SECRETS_PER_ORGANIZATION,
  type PutSecretSchema,
  type Secret,
  type SecretList,
} from "@flowdeck/shared/secrets/schemas";
import type { AuditChanges } from "@flowdeck/shared/audit/schemas";
import type { z } from "zod";
import type { Database } from "../../db/database.ts";
import { actorLabel, type Actor } from "../../lib/actor.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { sealValue } from "../../lib/envelope.ts";
import { dataKeyForSealing } from "./keyring.ts";
import {
  countSecrets,
  deleteSecretRow,
  listSecretRows,
  lockSecret,
  upsertSecret,
  type SecretRow,
} from "./repository.ts";

type Scope = { db: Database; organizationId: string };

function toSecret(row: SecretRow): Secret {
  return {
    name: row.name,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Who set a value, as the list shows it: a person as the audit log names them, or the token. */
function setBy(actor: Actor): string {
  return actor.kind === "token" ? `API token "${actor.name}"` : actorLabel(actor);
}

export async function listSecrets({ db, organizationId }: Scope): Promise<SecretList> {
  return { items: (await listSecretRows(db, organizationId)).map(toSecret) };
}

/**
 * PUT: seals the value with the organization's data key, bound to the organization and the name,
 * and creates the secret or replaces its value. The audit row names the secret, never the value.
 */
export async function putSecret(
  scope: OrgScope,
  name: string,
  input: z.output<typeof PutSecretSchema>,
): Promise<{ created: boolean; secret: Secret }> {
  const { organizationId } = scope;
  return transact(scope, async (tx, log) => {
    const before = await lockSecret(tx, { organizationId, name });
    if (!before && (await countSecrets(tx, organizationId)) >= SECRETS_PER_ORGANIZATION) {
      throw new AppError("resource-exhausted", SECRET_MESSAGES.tooMany);
    }
    const dataKey = await dataKeyForSealing(tx, organizationId);
    const sealed = sealValue(dataKey.key, input.value, { organizationId, name });
    const row = await upsertSecret(tx, {
      organizationId,
      name,
      description: input.description,
      dataKeyId: dataKey.id,
      iv: sealed.iv,
      ciphertext: sealed.ciphertext,
      authTag: sealed.tag,
      updatedBy: setBy(scope.actor),
    });
    const descriptionChange: AuditChanges =
      (before?.description ?? "") === row.description
        ? {}
        : { description: { before: before?.description ?? null, after: row.description } };
    log.record(
      row.created
        ? {
            action: "secret.created",
            entityId: row.id,
            summary: `Created the secret ${name}`,
            changes: { name: { before: null, after: name }, ...descriptionChange },
          }
        : {
            action: "secret.replaced",
            entityId: row.id,
            summary: `Replaced the value of the secret ${name}`,
            changes: Object.keys(descriptionChange).length > 0 ? descriptionChange : null,
          },
    );
    return { created: row.created, secret: toSecret(row) };
  });
}

export async function deleteSecret(scope: OrgScope, name: string): Promise<void> {
  await transact(scope, async (tx, log) => {
    const deleted = await deleteSecretRow(tx, { organizationId: scope.organizationId, name });
    if (!deleted) throw new AppError("not-found", SECRET_MESSAGES.notFound);
    log.record({
      action: "secret.deleted",
      entityId: deleted.id,
      summary: `Deleted the secret ${name}`,
      changes: { name: { before: name, after: null } },
    });
  });
}
