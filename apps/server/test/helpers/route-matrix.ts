import { roleRank } from "@flowdeck/shared";
import { API_TOKEN_MESSAGES } from "@flowdeck/shared/api-tokens/messages";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import type { OrgWithRoles } from "./factories.ts";
import { bearerClient } from "./http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "./permission-matrix.ts";

/** A route of the matrix; `tokens: false` marks one for people only (every token gets 403). */
export type RouteMatrixRow = MatrixRoute & { tokens?: boolean };

/**
 * Every route × every kind of caller (signed out, outsider, each role), an API token of each role,
 * and an admin token of another organization (404). `marker` is a text of the organization's own
 * data: no refusal may carry it. `context` is read when the tests run (after beforeAll).
 */
export function describeRouteMatrix(
  context: () => { app: FastifyInstance; org: OrgWithRoles },
  routes: readonly RouteMatrixRow[],
  marker: string,
) {
  describe.each(routes)("$name", (route) => {
    it.each(CALLERS)("as %s", async (caller) => {
      const { app, org } = context();
      const response = await route.call(clientOf(app, org, caller));
      const status = expectedStatus(caller, route);
      expect(response.status).toBe(status);
      if (status === 403) expect(response.body.error.message).toBe(route.denied);
      if (status >= 400) expect(JSON.stringify(response.body ?? "")).not.toContain(marker);
    });

    it.each(API_TOKEN_ROLES)("with an API token of the %s role", async (role) => {
      const { app, org } = context();
      const { token } = await createApiToken(org.users.owner.client, org.organizationId, { name: `CI ${role}`, role });
      const response = await route.call(bearerClient(app, token));
      if (route.tokens === false) {
        expect(response.status).toBe(403);
        expect(response.body.error.message).toBe(API_TOKEN_MESSAGES.peopleOnly);
        return;
      }
      const allowed = roleRank(role) >= roleRank(route.minimum);
      expect(response.status).toBe(allowed ? route.success : 403);
      if (!allowed) expect(response.body.error.message).toBe(route.denied);
    });

    it("with an admin token of another organization: 404, nothing of ours", async () => {
      const { app, org } = context();
      const { token } = await createApiToken(org.users.outsider.client, org.otherOrganizationId, { role: "admin" });
      const response = await route.call(bearerClient(app, token));
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(marker);
    });
  });
}
