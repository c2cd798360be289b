import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditLog } from "../../src/db/schema/index.ts";
import type { TestClient } from "../helpers/http-client.ts";

export const exportUrl = (orgId: string) => `/api/orgs/${orgId}/export`;
export const importUrl = (orgId: string, dryRun?: boolean) =>
  `/api/orgs/${orgId}/import${dryRun === undefined ? "" : `?dryRun=${dryRun}`}`;

/** The organization's YAML document; fails the test on any other answer. */
export async function exportYaml(client: TestClient, orgId: string): Promise<string> {
  const response = await client.get(exportUrl(orgId));
  if (response.status !== 200) throw new Error(`export failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as string;
}

/** Sends a YAML document as an import (a dry run when asked). */
export function importYaml(client: TestClient, orgId: string, text: string, dryRun?: boolean) {
  return client.request<any>({
    method: "POST",
    url: importUrl(orgId, dryRun),
    payload: text,
    headers: { "content-type": "text/yaml" },
  });
}

export async function auditRows(app: FastifyInstance, orgId: string): Promise<number> {
  const [row] = await app.db.select({ value: count() }).from(auditLog).where(eq(auditLog.organizationId, orgId));
  return row?.value ?? 0;
}
