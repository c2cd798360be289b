import { IMPORT_EXPORT_MESSAGES } from "@flowdeck/shared/import-export/messages";
import { afterAll, beforeAll } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { MatrixRoute } from "../helpers/permission-matrix.ts";
import { describeRouteMatrix } from "../helpers/route-matrix.ts";
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

describeRouteMatrix(() => ({ app: t.app, org }), ROUTES, "OURS_ONLY");
