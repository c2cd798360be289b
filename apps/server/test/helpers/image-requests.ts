import type { TestClient, TestResponse } from "./http-client.ts";
import { sendMultipart } from "./multipart.ts";

export type ImageFile = { fileName: string; data: Buffer; contentType?: string };

/** PUT one image in the part named "file", as the web app's logo and avatar pickers do. */
export function putImage<T = any>(client: TestClient, url: string, file: ImageFile): Promise<TestResponse<T>> {
  return sendMultipart<T>(client, { method: "PUT", url, parts: [{ name: "file", ...file }] });
}
