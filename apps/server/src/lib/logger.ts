import type { FastifyServerOptions } from "fastify";

/**
 * pino options: request logs carry method, path and status, never query strings (reset and
 * invitation tokens travel there), cookies, authorization headers or passwords.
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
    },
  };
}

function maskPath(url: string): string {
  const pathOnly = url.split("?")[0] ?? "";
  return pathOnly
    .replace(/^\/invite\/[^/]+/, "/invite/[code]")
    .replace(/^\/api\/invitations\/[^/]+/, "/api/invitations/[code]")
    .replace(/^\/api\/auth\/reset-password\/[^/]+/, "/api/auth/reset-password/[token]");
}
