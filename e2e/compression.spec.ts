import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/env.ts";

// The build writes Brotli and gzip copies of each text asset; the server sends the one the
// browser accepts. They must decompress to exactly the file, and hashed assets are cached for good.

function get(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      `${E2E_BASE_URL}${path}`,
      { headers: { "accept-encoding": acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
  });
}

test("assets are sent compressed, decompress to the same bytes, and hashed ones are immutable", async () => {
  const index = await get("/", "identity");
  expect(index.status).toBe(200);
  const assets = [...index.body.toString("utf8").matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  expect(assets.length).toBeGreaterThan(0);
  let compressed = 0;

  for (const asset of assets) {
    const plain = await get(asset, "identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    expect(plain.headers.vary).toContain("accept-encoding");
    if (plain.body.length < 1024) continue; // too small to be worth compressing: sent as it is

    const brotli = await get(asset, "br, gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await get(asset, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    compressed++;
  }
  expect(compressed).toBeGreaterThan(0);
});

test("the drawn sign-in page is sent compressed, decompresses to the same bytes, and is never cached stale", async () => {
  const plain = await get("/login", "identity");
  expect(plain.status).toBe(200);
  expect(plain.body.toString("utf8")).toContain("data-prerendered");
  expect(plain.headers["cache-control"]).toBe("no-cache");

  const brotli = await get("/login?redirect=%2Ftasks", "br, gzip");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  const gzip = await get("/login", "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
});
