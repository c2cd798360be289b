import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { secretDataKeys, secrets } from "../../db/schema/index.ts";

/** The one reader and writer of `secrets` and `secret_data_keys`. Values only ever travel sealed. */

export type DataKeyRow = typeof secretDataKeys.$inferSelect;
export type SealedColumns = { iv: Buffer; ciphertext: Buffer; authTag: Buffer };

export async function findDataKey(db: Executor, organizationId: string): Promise<DataKeyRow | undefined> {
  const [row] = await db.select().from(secretDataKeys).where(eq(secretDataKeys.organizationId, organizationId));
  return row;
}

export async function findDataKeyById(db: Executor, id: string): Promise<DataKeyRow | undefined> {
  const [row] = await db.select().from(secretDataKeys).where(eq(secretDataKeys.id, id));
  return row;
}

/** Stores an organization's first data key; undefined when another request stored one first. */
export async function insertDataKey(
  db: Executor,
  values: { organizationId: string; masterKeyId: string; iv: Buffer; wrappedKey: Buffer; authTag: Buffer },
): Promise<DataKeyRow | undefined> {
  const [row] = await db
    .insert(secretDataKeys)
    .values(values)
    .onConflictDoNothing({ target: secretDataKeys.organizationId })
    .returning();
  return row;
}

/** One data key sealed by each master key in use, with how many organizations that key serves. */
export async function dataKeysByMasterKey(db: Executor) {
  const rows = await db
    .selectDistinctOn([secretDataKeys.masterKeyId], {
      row: secretDataKeys,
      organizations: sql<number>`(count(*) over (partition by ${secretDataKeys.masterKeyId}))::int`,
    })
    .from(secretDataKeys)
    .orderBy(secretDataKeys.masterKeyId, secretDataKeys.id);
  return rows;
}

/** Data keys not sealed by `masterKeyId`, a batch at a time, locked: what a rotation re-seals. */
export async function lockDataKeysNotSealedBy(db: Executor, masterKeyId: string, limit: number) {
  return db
    .select()
    .from(secretDataKeys)
    .where(ne(secretDataKeys.masterKeyId, masterKeyId))
    .orderBy(secretDataKeys.id)
    .limit(limit)
    .for("update");
}

export async function resealDataKey(
  db: Executor,
  id: string,
  values: { masterKeyId: string; iv: Buffer; wrappedKey: Buffer; authTag: Buffer },
) {
  await db.update(secretDataKeys).set(values).where(eq(secretDataKeys.id, id));
}

const listed = {
  name: secrets.name,
  description: secrets.description,
  updatedAt: secrets.updatedAt,
  updatedBy: secrets.updatedBy,
};

/** An organization's secrets by name: what a list shows, never the sealed value. */
export async function listSecretRows(db: Executor, organizationId: string) {
  return db.select(listed).from(secrets).where(eq(secrets.organizationId, organizationId)).orderBy(asc(secrets.name));
}

export type SecretRow = Awaited<ReturnType<typeof listSecretRows>>[number];

export async function listNames(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ name: secrets.name })
    .from(secrets)
    .where(eq(secrets.organizationId, organizationId))
    .orderBy(asc(secrets.name));
  return rows.map((row) => row.name);
}

export async function countSecrets(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(secrets).where(eq(secrets.organizationId, organizationId));
  return row?.value ?? 0;
}

/** The secret's row, locked until the transaction ends (a replace or a delete). */
export async function lockSecret(db: Executor, keys: { organizationId: string; name: string }) {
  const [row] = await db
    .select({ id: secrets.id, description: secrets.description })
    .from(secrets)
    .where(and(eq(secrets.organizationId, keys.organizationId), eq(secrets.name, keys.name)))
    .for("update");
  return row;
}

/** Creates the secret or replaces its value; says which it did (a new row has xmax 0). */
export async function upsertSecret(
  db: Executor,
  values: SealedColumns & {
    organizationId: string;
    name: string;
    description: string | undefined;
    dataKeyId: string;
    updatedBy: string;
  },
) {
  const sealed = { iv: values.iv, ciphertext: values.ciphertext, authTag: values.authTag, dataKeyId: values.dataKeyId };
  const [row] = await db
    .insert(secrets)
    .values({ ...values, description: values.description ?? "" })
    .onConflictDoUpdate({
      target: [secrets.organizationId, secrets.name],
      set: {
        ...sealed,
        ...(values.description === undefined ? {} : { description: values.description }),
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: secrets.id, ...listed, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

export async function deleteSecretRow(db: Executor, keys: { organizationId: string; name: string }) {
  const [row] = await db
    .delete(secrets)
    .where(and(eq(secrets.organizationId, keys.organizationId), eq(secrets.name, keys.name)))
    .returning({ id: secrets.id, name: secrets.name });
  return row;
}

/** The sealed values of those of `names` that exist, with the data key that sealed them. */
export async function findSealedSecrets(db: Executor, organizationId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({
      name: secrets.name,
      iv: secrets.iv,
      ciphertext: secrets.ciphertext,
      authTag: secrets.authTag,
      dataKey: secretDataKeys,
    })
    .from(secrets)
    .innerJoin(secretDataKeys, eq(secretDataKeys.id, secrets.dataKeyId))
    .where(and(eq(secrets.organizationId, organizationId), inArray(secrets.name, [...names])));
}
