import type { TestClient, TestResponse } from "../helpers/http-client.ts";
import { sendMultipart, type FilePart, type Part } from "../helpers/multipart.ts";
import type { Fixture } from "./fixtures.ts";

export type UploadOptions = {
  file?: Fixture | Omit<FilePart, "name">;
  fields?: Record<string, string>;
  /** Extra parts, sent after the rest (a second file, say). */
  extraParts?: Part[];
  /** Extra request headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
};

function partsOf({ file, fields = {}, extraParts = [] }: UploadOptions): Part[] {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: "file", ...file });
  return [...parts, ...extraParts];
}

/** POST a multipart body, as the web app's upload form does. */
export function postMultipart<T = any>(
  client: TestClient,
  url: string,
  options: UploadOptions,
): Promise<TestResponse<T>> {
  return sendMultipart<T>(client, { method: "POST", url, parts: partsOf(options), headers: options.headers });
}

export function documentsUrl(orgId: string, rest = ""): string {
  return `/api/orgs/${orgId}/documents${rest}`;
}

export function upload<T = any>(client: TestClient, orgId: string, options: UploadOptions) {
  return postMultipart<T>(client, documentsUrl(orgId), options);
}

export function uploadVersion<T = any>(client: TestClient, orgId: string, documentId: string, options: UploadOptions) {
  return postMultipart<T>(client, documentsUrl(orgId, `/${documentId}/versions`), options);
}

/** Uploads and fails the test unless the server answers 201; returns the new document. */
export async function uploadOk(client: TestClient, orgId: string, options: UploadOptions) {
  const response = await upload(client, orgId, options);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; version: number; fileName: string; title: string } & Record<string, any>;
}
