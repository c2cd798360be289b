import { AppError, codeForStatus, MESSAGES, type ErrorCode } from "@flowdeck/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, isInvalidInput } from "../db/errors.ts";
import { BudgetSpentError } from "../lib/budgets.ts";
import { errorBody as body, errorBodyOf } from "../lib/error-body.ts";

/** Seconds a client should wait before repeating a request that met an outage. */
const RETRY_AFTER_SECONDS = 5;

/** One error shape for every answer; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof BudgetSpentError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBodyOf(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
        fields[key] ??= issue.message ?? MESSAGES.invalidRequest;
      }
      const first = error.validation[0]?.message ?? MESSAGES.invalidRequest;
      return reply.status(400).send(body("invalid-argument", first, fields));
    }
    if (isInvalidInput(error)) return reply.status(400).send(body("invalid-argument", MESSAGES.invalidValue));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "the database is unavailable");
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send(body("unavailable", MESSAGES.unavailable));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode <= 599 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      if (status === 503) {
        return reply
          .status(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send(body("unavailable", MESSAGES.unavailable));
      }
      return reply.status(500).send(body("internal", MESSAGES.internal));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to show. A status
    // the code table lacks (405, 413, 415) is still the client's mistake, never "internal".
    return reply.status(status).send(body(clientErrorCode(status), error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body("not-found", MESSAGES.notFound));
  });
}

function clientErrorCode(status: number): ErrorCode {
  const code = codeForStatus(status);
  return code === "internal" ? "invalid-argument" : code;
}
