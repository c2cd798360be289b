import { randomBytes } from "node:crypto";
import type { TestClient, TestResponse } from "./http-client.ts";

export type FieldPart = { name: string; value: string };
export type FilePart = {
  name: string;
  fileName: string;
  data: Buffer;
  contentType?: string;
  /** The whole Content-Disposition value, for names no browser would send. */
  disposition?: string;
};
export type Part = FieldPart | FilePart;

/**
 * A multipart/form-data body as a browser builds it: ASCII names quoted (with `"`, CR and LF
 * percent-encoded, as the HTML standard does), other names as RFC 5987 `filename*`.
 */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----FlowdeckTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ("value" in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n`));
      chunks.push(Buffer.from(part.value, "utf8"));
    } else {
      const disposition = part.disposition ?? `form-data; name="${part.name}"; ${fileNameParameter(part.fileName)}`;
      chunks.push(Buffer.from(`Content-Disposition: ${disposition}\r\n`, "utf8"));
      chunks.push(Buffer.from(`Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`));
      chunks.push(part.data);
    }
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function fileNameParameter(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName)) {
    return `filename="${fileName.replace(/"/g, "%22")}"`;
  }
  return `filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a multipart body, as a browser's form does. */
export function sendMultipart<T = any>(
  client: TestClient,
  request: { method: "POST" | "PUT"; url: string; parts: Part[]; headers?: Record<string, string> },
): Promise<TestResponse<T>> {
  const { payload, contentType } = multipartBody(request.parts);
  return client.request<T>({
    method: request.method,
    url: request.url,
    payload,
    headers: { ...request.headers, "content-type": contentType },
  });
}
