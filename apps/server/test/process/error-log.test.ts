import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../../src/lib/logger.ts";

describe("error logs", () => {
  it("log a failed query's SQL but not its values", async () => {
    let written = "";
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions("info") as object), stream } });
    const cause = new Error("duplicate key value violates unique constraint");
    const error = new DrizzleQueryError(
      'select "user_id" from "session" where "token" = $1',
      ["SESSION-TOKEN-1"],
      cause,
    );
    app.log.error({ err: error }, "request failed");
    await app.close();

    const entry = JSON.parse(written) as { err: Record<string, unknown> };
    expect(written).not.toContain("SESSION-TOKEN-1");
    expect(entry.err).toMatchObject({
      type: "DrizzleQueryError",
      query: 'select "user_id" from "session" where "token" = $1',
      cause: { message: "duplicate key value violates unique constraint" },
    });
    expect(entry.err.message).toContain("Failed query: select");
    expect(entry.err.stack).toMatch(/\n\s+at /);
  });
});
