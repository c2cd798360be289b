import { Writable } from "node:stream";
import type { Role } from "@flowdeck/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROUTE_PREFIX } from "../../src/lib/scope.ts";
import { createApiToken } from "../api-tokens/token-factory.ts";
import { pdf } from "../documents/fixtures.ts";
import { uploadOk } from "../documents/requests.ts";
import { createOrgWithRoles, type OrgWithRoles } from "../helpers/factories.ts";
import { bearerClient, type TestClient } from "../helpers/http-client.ts";
import { baseUrlOf, EventStream, subscribe } from "../helpers/sse-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createLinuxWorkflow, queueRun, registerRunner } from "../runners/runner-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { DISTINCT_VALUES, leaksOf } from "./leak-checks.ts";

// A value is write-only: after secrets are set, no GET route of the organization answers any of it
// (nor its base64), to any role or token, and the server's log holds none of it.

let t: TestApp;
let org: OrgWithRoles;
let log = "";
const params: Record<string, string> = {};
const VALUES = Object.values(DISTINCT_VALUES);
const STREAMS = new Set(["/api/orgs/:orgId/events", "/api/orgs/:orgId/runs/:runId/stream"]);

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ listen: true, logStream, env: { LOG_LEVEL: "trace", RUNNER_CLAIM_HOLD_SECONDS: "0" } });
  org = await createOrgWithRoles(t.app);
  const owner = org.users.owner.client;
  const orgId = org.organizationId;
  // Set by a person and by an admin token, created and then replaced.
  const { token } = await createApiToken(owner, orgId, { name: "Rotator", role: "admin" });
  for (const [name, value] of Object.entries(DISTINCT_VALUES)) {
    expect(
      (await owner.put(`/api/orgs/${orgId}/secrets/${name}`, { value: `${value}-old`, description: name })).status,
    ).toBe(201);
    expect((await bearerClient(t.app, token).put(`/api/orgs/${orgId}/secrets/${name}`, { value })).status).toBe(200);
  }
  // Something behind every id a GET route takes.
  const task = await createTask(owner, orgId);
  await registerRunner(t.app, owner, orgId);
  const workflow = await createLinuxWorkflow(owner, orgId, ["echo hello"]);
  const document = await uploadOk(owner, orgId, {
    file: { fileName: "plan.pdf", contentType: "application/pdf", data: pdf() },
  });
  Object.assign(params, {
    orgId,
    taskId: task.id,
    workflowId: workflow.id,
    runId: await queueRun(owner, orgId, workflow.id),
    documentId: document.id,
    version: String(document.version),
    name: "DB_PASSWORD",
  });
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:([a-zA-Z]+)/g, (_match, name: string) => params[name] ?? name);

function organizationGets() {
  return t.app.registeredRoutes
    .filter((route) => route.method === "GET" && route.url.startsWith(ORG_ROUTE_PREFIX))
    .map((route) => route.url);
}

const CALLERS: (Role | "admin token" | "editor token")[] = [
  "viewer",
  "editor",
  "admin",
  "owner",
  "editor token",
  "admin token",
];

async function clientFor(caller: (typeof CALLERS)[number]): Promise<TestClient> {
  if (!caller.endsWith(" token")) return org.users[caller as Role].client;
  const role = caller.replace(" token", "") as "editor" | "admin";
  const { token } = await createApiToken(org.users.owner.client, org.organizationId, { name: `Sweep ${role}`, role });
  return bearerClient(t.app, token);
}

/** What a stream sends first: the run's snapshot and output, or the change a new secret announces. */
async function readStream(url: string, client: TestClient): Promise<string> {
  if (url.endsWith("/events")) {
    const stream = await subscribe(t.app, org.organizationId, client);
    try {
      await org.users.owner.client.put(`/api/orgs/${org.organizationId}/secrets/STREAM_CHECK`, {
        value: DISTINCT_VALUES.API_KEY,
      });
      return JSON.stringify(await stream.nextChange());
    } finally {
      stream.close();
    }
  }
  const stream = await EventStream.open(`${baseUrlOf(t.app)}${concrete(url)}`, client);
  try {
    expect(stream.status).toBe(200);
    return JSON.stringify(await stream.nextMatching((frame) => frame.event === "run"));
  } finally {
    stream.close();
  }
}

describe("no route answers a secret's value", () => {
  it("finds a value, a line of it as JSON writes it, or its base64 where there is one", () => {
    const multiline = DISTINCT_VALUES.MULTI_LINE;
    expect(leaksOf(JSON.stringify({ multiline }), multiline)).not.toEqual([]);
    expect(leaksOf(`x${multiline.split("\n")[1]}x`, multiline)).not.toEqual([]);
    expect(leaksOf(Buffer.from(multiline).toString("base64"), multiline)).not.toEqual([]);
  });

  it("covers the organization's GET routes, the secrets list among them", () => {
    expect(organizationGets()).toContain("/api/orgs/:orgId/secrets");
    expect(organizationGets().length).toBeGreaterThan(30);
  });

  it.each(CALLERS)("as %s, on every GET route of the organization and the account's own", async (caller) => {
    const client = await clientFor(caller);
    const answered: string[] = [];
    for (const url of [...organizationGets(), "/api/me", "/api/orgs/current", "/api/profile"]) {
      const body = STREAMS.has(url)
        ? await readStream(url, client)
        : await client.get(concrete(url)).then((response) => {
            if (response.status === 200) answered.push(url);
            return typeof response.body === "string" ? response.body : (JSON.stringify(response.body) ?? "");
          });
      for (const value of VALUES)
        expect({ url, caller, leaks: leaksOf(body, value) }).toEqual({ url, caller, leaks: [] });
    }
    // The sweep reached real answers, not only refusals.
    expect(answered.length).toBeGreaterThan(caller === "viewer" ? 15 : 20);
    if (caller !== "viewer") expect(answered).toContain("/api/orgs/:orgId/secrets");
  });

  it("and the server's log, at trace level, holds none of them", () => {
    expect(log).toContain("DB_PASSWORD"); // the log is read: the request paths are in it
    for (const value of VALUES) expect(leaksOf(log, value)).toEqual([]);
  });
});
