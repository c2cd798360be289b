import type { FastifyServerOptions } from "fastify";

/**
 * pino options: request logs carry method, path and status, never query strings (reset and
 * invitation tokens travel there) or a webhook URL's secret, cookies, authorization headers or passwords. A failed query is
 * logged with its SQL but not its values (a session token, a password hash, a reset token).
 */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
        "*.secret",
        "*.newPassword",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: maskPath(request.url),
        ip: request.ip,
      }),
      err: serializeError,
    },
  };
}

function maskPath(url: string): string {
  const pathOnly = url.split("?")[0] ?? "";
  return (
    pathOnly
      .replace(/^\/invite\/[^/]+/, "/invite/[code]")
      .replace(/^\/api\/invitations\/[^/]+/, "/api/invitations/[code]")
      .replace(/^\/api\/auth\/reset-password\/[^/]+/, "/api/auth/reset-password/[token]")
      // A webhook's URL holds its secret after the hook's id (decision 068).
      .replace(/^(\/api\/hooks\/[^/]+)\/.*/, "$1/[secret]")
  );
}

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/** Like pino's error serializer, without the values Drizzle puts in a failed query's error. */
function serializeError(error: Error): SerializedError {
  if (!(error instanceof Error)) return error; // pino hands over whatever was logged as `err`
  const { params: _values, cause, ...fields } = error as Error & Record<string, unknown>;
  return {
    ...fields,
    type: error.constructor.name,
    message: withoutValues(error.message),
    stack: withoutValues(error.stack ?? ""),
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? serializeError(cause) : cause }),
  };
}

// Drizzle's message: "Failed query: <sql>\nparams: <values>"; in the stack, the frames follow it.
function withoutValues(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [not logged]");
}
