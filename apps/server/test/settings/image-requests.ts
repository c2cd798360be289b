import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TestClient, TestResponse } from "../helpers/http-client.ts";

export type ImageFile = { fileName: string; data: Buffer; contentType?: string };

/** A multipart/form-data body as a browser builds it, with the file in a part named "file". */
export function multipartBody(files: ImageFile[], partName = "file") {
  const boundary = `----FlowdeckTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${partName}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** PUT one image, as the web app's logo and avatar pickers do. */
export function putImage<T = any>(client: TestClient, url: string, file: ImageFile): Promise<TestResponse<T>> {
  const { payload, contentType } = multipartBody([file]);
  return client.request<T>({ method: "PUT", url, payload, headers: { "content-type": contentType } });
}

/** GET an image's raw bytes (TestClient decodes bodies as text). */
export async function getImage(app: FastifyInstance, client: TestClient | undefined, url: string, headers = {}) {
  const response = await app.inject({
    method: "GET",
    url,
    headers: { ...(client?.cookieHeader ? { cookie: client.cookieHeader } : {}), ...headers },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

export const settingsUrl = (orgId: string) => `/api/orgs/${orgId}/settings`;
export const logoUrl = (orgId: string) => `/api/orgs/${orgId}/logo`;
