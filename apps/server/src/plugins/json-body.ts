import { AppError } from "@flowdeck/shared";
import type { FastifyInstance } from "fastify";
import { checkJson } from "../lib/check-json.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body carries program output (a runner's log batch): a NUL in it is data, which the
     * route stores replaced (runners/output-text.ts), not a reason to refuse the batch.
     */
    outputText?: true;
  }
}

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
