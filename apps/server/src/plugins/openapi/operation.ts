import { codeForStatus, deniedMessage, ERROR_STATUS, isAction, MESSAGES } from "@flowdeck/shared";
import { IDEMPOTENCY_TEXTS } from "../../lib/idempotency.ts";

/** The one error body, as JSON Schema, for every documented error answer. */
export const ERROR_BODY_SCHEMA = {
  type: "object",
  description: "Every error answer has this shape; `fields` names the invalid input fields of a 400.",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_STATUS) },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  },
} as const;

/**
 * The first path segment after /api (and after /api/orgs/:orgId) names the tag:
 * /api/orgs/:orgId/tasks/:taskId → "tasks", /api/auth/sign-in/email → "auth", /api/orgs → "organizations".
 */
export function tagFor(url: string): string {
  const segments = url.split("/").filter(Boolean);
  if (segments[0] !== "api") return "service";
  const rest = segments[1] === "orgs" ? segments.slice(3) : segments.slice(1);
  if (segments[1] === "orgs" && rest.length === 0) return "organizations";
  return rest[0] ?? "service";
}

/**
 * A stable camelCase id from the method and path: GET /api/orgs/:orgId/tasks/:taskId →
 * "getOrgTasksByTaskId", POST /api/auth/sign-in/email → "postAuthSignInEmail".
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split("/")
    .filter((segment) => segment && segment !== "api" && segment !== ":orgId")
    .map((segment) => (segment.startsWith(":") ? `by-${segment.slice(1)}` : segment))
    .map((segment) => (segment === "orgs" ? "org" : segment))
    .flatMap((segment) => segment.split(/[-_.]/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join("");
}

/** The error answers a route can give, from what kind of route it is. */
export function errorStatusesFor(options: {
  method: string;
  url: string;
  isPublic: boolean;
  hasInput: boolean;
  idempotent?: boolean;
}) {
  const statuses = new Set<number>([500]);
  if (options.idempotent) statuses.add(409);
  if (options.hasInput || options.method !== "GET") statuses.add(400);
  if (!options.isPublic) statuses.add(401);
  if (options.url.startsWith("/api/orgs/:orgId")) {
    statuses.add(403);
    statuses.add(404);
  }
  if (/:[A-Za-z]+/.test(options.url.replace("/api/orgs/:orgId", ""))) statuses.add(404);
  return [...statuses].sort();
}

const ERROR_EXAMPLE_MESSAGES: Record<number, string> = {
  400: "Name is required",
  401: MESSAGES.notSignedIn,
  404: MESSAGES.organizationNotFound,
  409: IDEMPOTENCY_TEXTS.keyReused,
  500: MESSAGES.internal,
};

/** A real answer for an error status: the route's own refusal text for a 403. */
export function errorExampleFor(status: number, action: unknown) {
  const message =
    status === 403 && isAction(action)
      ? deniedMessage(action)
      : (ERROR_EXAMPLE_MESSAGES[status] ?? "Something went wrong");
  const fields = status === 400 ? { fields: { name: message } } : {};
  return { error: { code: codeForStatus(status), message, ...fields } };
}
