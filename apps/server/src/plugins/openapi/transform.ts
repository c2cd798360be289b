import type { FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "@flowdeck/shared/idempotency";
import { withRealisticExamples } from "./examples.ts";
import { isInternalRoute } from "./internal-routes.ts";
import { ERROR_BODY_SCHEMA, errorExampleFor, errorStatusesFor, operationIdFor, tagFor } from "./operation.ts";
import { requiredRoleFor } from "./required-role.ts";
import { OPERATION_SUMMARIES } from "./summaries.ts";

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = FastifySchema & Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The input is invalid (`invalid-argument`); `fields` names the fields.",
  401: "Not signed in, or the API token is revoked or expired (`unauthenticated`).",
  403: "The caller's role does not allow this (`permission-denied`).",
  404: "Not found, or an organization the caller does not belong to (`not-found`).",
  409: `The ${IDEMPOTENCY_HEADER} was already used for another request, or its first request is still being processed (\`aborted\`).`,
  500: "An unexpected failure (`internal`); details stay in the server log.",
};

/**
 * Org-scoped routes (and the "who am I" routes, config.apiTokens) accept API tokens; every other
 * signed-in route needs the session cookie.
 */
type Security = Array<Record<string, string[]>>;
const TOKEN_OR_COOKIE: Security = [{ bearerAuth: [] }, { cookieAuth: [] }];
const COOKIE_ONLY: Security = [{ cookieAuth: [] }];

/**
 * One transform for every route: the type provider turns the zod schemas into JSON Schema, then
 * the operation gets its id, summary, tag, security, error answers, required role and, on an
 * idempotent route, the Idempotency-Key header from the route's method, path and config — no
 * route repeats any of it.
 */
export function openapiTransform(input: TransformInput) {
  const route = input.route as RouteOptions;
  const method = [route.method].flat()[0] ?? "GET";
  if (isInternalRoute(method, input.url)) {
    return { schema: { hide: true }, url: input.url };
  }
  const { schema: converted, url } = jsonSchemaTransform(input);
  const schema: Schema = withRealisticExamples({ ...((converted ?? {}) as Schema) });
  const isPublic = Boolean(route.config?.public) || isProbe(url);
  const isOrgRoute = url.startsWith("/api/orgs/:orgId");

  schema.operationId ??= operationIdFor(method, url);
  schema.summary ??= OPERATION_SUMMARIES[`${method} ${url}`];
  schema.tags ??= [tagFor(url)];
  const acceptsTokens = isOrgRoute || Boolean(route.config?.apiTokens);
  schema.security = isPublic ? [] : acceptsTokens ? TOKEN_OR_COOKIE : COOKIE_ONLY;

  const lines = [schema.description].filter(Boolean) as string[];
  if (url.startsWith("/api/auth/")) lines.push("Handled by better-auth; see its documentation for the body.");
  const role = requiredRoleFor(route.config);
  if (role) {
    schema["x-required-role"] = role;
    lines.push(`Requires the **${role}** role or higher in the organization.`);
  } else if (isOrgRoute) {
    lines.push("Any member of the organization.");
  }
  const idempotent = Boolean(route.config?.idempotent);
  if (idempotent) {
    schema.headers = withIdempotencyKey(schema.headers);
    lines.push(IDEMPOTENT_NOTE);
  }
  if (lines.length > 0) schema.description = lines.join("\n\n");

  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown>) ?? {}) };
  if (Object.keys(response).length === 0) response["200"] = { description: "Success", type: "object" };
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  for (const status of errorStatusesFor({ method, url, isPublic, hasInput, idempotent })) {
    response[String(status)] ??= {
      ...ERROR_BODY_SCHEMA,
      "x-response-description": ERROR_DESCRIPTIONS[status],
      examples: [errorExampleFor(status, route.config?.action)],
    };
  }
  schema.response = response;
  return { schema, url };
}

const IDEMPOTENT_NOTE = [
  `Safe to retry: send an \`${IDEMPOTENCY_HEADER}\` header with a value you make up once for this change (a UUID).`,
  "A repeat with the same key within 24 hours gets the first answer again, marked `Idempotent-Replayed: true`, without changing anything twice.",
].join(" ");

/** The route's header schema with the optional Idempotency-Key added. */
function withIdempotencyKey(headers: unknown): Schema {
  const base = (headers ?? { type: "object", properties: {} }) as Schema & { properties?: Record<string, unknown> };
  return {
    ...base,
    type: "object",
    properties: {
      ...base.properties,
      [IDEMPOTENCY_HEADER]: {
        type: "string",
        minLength: 1,
        maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
        description: "Makes the request safe to retry: one value per intended change, reused only to repeat it.",
        examples: ["5f3c2a9e-8d41-4b7a-9c0e-2e6b1d7f4a10"],
      },
    },
  };
}

function isProbe(url: string) {
  return url === "/healthz" || url === "/readyz";
}
