import { roleRank } from "@flowdeck/shared";
import { API_TOKEN_ROLES } from "@flowdeck/shared/api-tokens/schemas";
import { IMPORT_EXPORT_MESSAGES } from "@flowdeck/shared/import-export/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient } from "../helpers/http-client.ts";
import { CALLERS, clientOf, expectedStatus, type MatrixRoute } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTask } from "../tasks/task-factory.ts";
import { exportYaml, exportUrl, importYaml } from "./support.ts";

// Both routes × every kind of caller and every API token role: admins and owners (and admin
// tokens) export and import; editors and viewers are refused; another organization sees 404.

let t: TestApp;
let org: OrgWithRoles;
let document: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
  await createTask(org.users.owner.client, org.organizationId, { name: "OURS_ONLY backup" });
  document = await exportYaml(org.users.owner.client, org.organizationId);
});
afterAll(() => t.close());

const ROUTES: MatrixRoute[] = [
  {
    name: "GET export",
    minimum: "admin",
    success: 200,
    denied: IMPORT_EXPORT_MESSAGES.cannotExport,
    call: (c) => c.get(exportUrl(org.organizationId)),
  },
  {
    name: "POST import (dry run)",
    minimum: "admin",
    success: 200,
    denied: IMPORT_EXPORT_MESSAGES.cannotImport,
    call: (c) => importYaml(c, org.organizationId, document, true),
  },
  {
    name: "POST import",
    minimum: "admin",
    success: 200,
    denied: IMPORT_EXPORT_MESSAGES.cannotImport,
    call: (c) => importYaml(c, org.organizationId, document, false),
  },
];

describe.each(ROUTES)("$name", (route) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const response = await route.call(clientOf(t.app, org, caller));
    const status = expectedStatus(caller, route);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.error.message).toBe(route.denied);
    if (status >= 400) expect(JSON.stringify(response.body ?? "")).not.toContain("OURS_ONLY");
  });

  it.each(API_TOKEN_ROLES)("with an API token of the %s role", async (role) => {
    const { token } = await createApiToken(org.users.owner.client, org.organizationId, { name: `CI ${role}`, role });
    const response = await route.call(bearerClient(t.app, token));
    const allowed = roleRank(role) >= roleRank(route.minimum);
    expect(response.status).toBe(allowed ? route.success : 403);
    if (!allowed) expect(response.body.error.message).toBe(route.denied);
  });

  it("with an admin token of another organization: 404, nothing of ours", async () => {
    const { token } = await createApiToken(org.users.outsider.client, org.otherOrganizationId, { role: "admin" });
    const response = await route.call(bearerClient(t.app, token));
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain("OURS_ONLY");
  });
});
