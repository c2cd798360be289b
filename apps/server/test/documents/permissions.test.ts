import { MESSAGES } from "@flowdeck/shared";
import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { multipartBody } from "../helpers/multipart.ts";
import { CALLERS, clientOf, expectedStatus } from "../helpers/permission-matrix.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { image } from "./fixtures.ts";
import { documentsUrl, uploadOk } from "./requests.ts";

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrgWithRoles(t.app);
});
afterAll(() => t.close());

/** A fresh document per check, so a delete or a new version never affects another check. */
async function freshDocument(orgId = org.organizationId, owner = org.users.owner.client) {
  return uploadOk(owner, orgId, { file: { fileName: "pic.png", data: await image("png") } });
}

function multipart(fileName: string, data: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: "title", value: "Matrix" },
    { name: "file", fileName, data },
  ]);
  return { payload, headers: { "content-type": contentType } };
}

type Route = {
  name: string;
  /** The lowest role allowed; viewers may read, editors and above change. */
  minimum: "viewer" | "editor";
  success: number;
  call: (client: TestClient, orgId: string, documentId: string) => Promise<{ status: number; body: any }>;
};

const ROUTES: Route[] = [
  { name: "GET list", minimum: "viewer", success: 200, call: (c, o) => c.get(documentsUrl(o)) },
  { name: "GET stats", minimum: "viewer", success: 200, call: (c, o) => c.get(documentsUrl(o, "/stats")) },
  { name: "GET one", minimum: "viewer", success: 200, call: (c, o, d) => c.get(documentsUrl(o, `/${d}`)) },
  {
    name: "GET download",
    minimum: "viewer",
    success: 200,
    call: (c, o, d) => c.get(documentsUrl(o, `/${d}/download`)),
  },
  {
    name: "GET version download",
    minimum: "viewer",
    success: 200,
    call: (c, o, d) => c.get(documentsUrl(o, `/${d}/versions/1/download`)),
  },
  { name: "GET preview", minimum: "viewer", success: 200, call: (c, o, d) => c.get(documentsUrl(o, `/${d}/preview`)) },
  {
    name: "POST upload",
    minimum: "editor",
    success: 201,
    call: async (c, o) =>
      c.request({ method: "POST", url: documentsUrl(o), ...multipart("new.png", await image("png")) }),
  },
  {
    name: "PATCH",
    minimum: "editor",
    success: 200,
    call: (c, o, d) => c.patch(documentsUrl(o, `/${d}`), { title: "Renamed" }),
  },
  {
    name: "POST new version",
    minimum: "editor",
    success: 201,
    call: async (c, o, d) =>
      c.request({ method: "POST", url: documentsUrl(o, `/${d}/versions`), ...multipart("v2.png", await image("png")) }),
  },
  { name: "DELETE", minimum: "editor", success: 204, call: (c, o, d) => c.delete(documentsUrl(o, `/${d}`)) },
];

describe("the permission matrix of every documents route", () => {
  const cases = ROUTES.flatMap((route) =>
    CALLERS.map((caller) => ({ route, caller, status: expectedStatus(caller, route) })),
  );

  it.each(cases)("$route.name by $caller answers $status", async ({ route, caller, status }) => {
    const document = await freshDocument();
    const response = await route.call(clientOf(t.app, org, caller), org.organizationId, document.id);
    expect(response.status).toBe(status);
    if (status === 401) expect(response.body.error.message).toBe(MESSAGES.notSignedIn);
    if (status === 404) expect(response.body.error.message).toBe(MESSAGES.organizationNotFound);
    if (status === 403) expect(response.body.error.message).toBe(DOCUMENT_MESSAGES.noPermission);
  });

  it("leaves the document untouched after each refused change", async () => {
    const document = await freshDocument();
    const totalBefore = (await org.users.owner.client.get(documentsUrl(org.organizationId))).body.total;
    for (const route of ROUTES.filter((candidate) => candidate.minimum === "editor")) {
      for (const caller of ["signed out", "outsider", "viewer"] as const) {
        await route.call(clientOf(t.app, org, caller), org.organizationId, document.id);
      }
    }
    const after = await org.users.owner.client.get(documentsUrl(org.organizationId, `/${document.id}`));
    expect(after.body).toMatchObject({ title: "pic", version: 1, downloadCount: 0 });
    expect((await org.users.owner.client.get(documentsUrl(org.organizationId))).body.total).toBe(totalBefore);
  });
});

describe("another organization's documents, through one's own organization", () => {
  // The outsider owns their own organization: every id of ours must be unknown there.
  const byId = ROUTES.filter((route) => !["GET list", "GET stats", "POST upload"].includes(route.name));

  it.each(byId)("$name answers 'Document not found'", async (route) => {
    const theirs = await freshDocument();
    const response = await route.call(org.users.outsider.client, org.otherOrganizationId, theirs.id);
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it("lists and counts nothing of ours in their organization", async () => {
    await freshDocument();
    const list = await org.users.outsider.client.get(documentsUrl(org.otherOrganizationId));
    expect(list.body.total).toBe(0);
    const stats = await org.users.outsider.client.get(documentsUrl(org.otherOrganizationId, "/stats"));
    expect(stats.body.total).toBe(0);
  });

  it("refuses a viewer's upload before reading the body", async () => {
    // A body far over the limit, answered 403 (not 413): the role is checked first.
    const response = await org.users.viewer.client.request<any>({
      method: "POST",
      url: documentsUrl(org.organizationId),
      ...multipart("big.txt", Buffer.alloc(3 * 1024 * 1024, "a")),
    });
    expect(response.status).toBe(403);
  });
});
