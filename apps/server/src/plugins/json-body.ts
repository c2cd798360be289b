import { AppError, MESSAGES } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body carries program output (a runner's log batch): a NUL in it is data, which the
     * route stores replaced (runners/output-text.ts), not a reason to refuse the batch.
     */
    outputText?: true;
  }
}

/** No Flowdeck request body is nested deeper than this; deeper is an attack or a mistake. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies are parsed by Fastify's own parser (prototype poisoning refused), then checked
 * before any handler sees them: nesting deeper than MAX_JSON_DEPTH, or a NUL character in any
 * string or key, answers 400 (a route whose body is program output takes NUL in its strings). Deep nesting used to exhaust the stack of code that walks a body
 * (a 500 with a stack trace); no text Flowdeck stores may contain NUL.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const problem = checkJson(value, { nulAllowed: request.routeOptions.config?.outputText === true });
      if (problem) return done(new AppError("invalid-argument", problem), undefined);
      done(null, value);
    });
  });
}

/** Walks a parsed value without recursion; returns what is wrong with it, if anything. */
export function checkJson(value: unknown, options: { nulAllowed?: boolean } = {}): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === "string") {
      if (!options.nulAllowed && current.includes("\u0000")) return MESSAGES.invalidValue;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return MESSAGES.invalidRequest;
    for (const [key, item] of Object.entries(current)) {
      if (key.includes("\u0000")) return MESSAGES.invalidValue;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}
