import { Validator } from "@seriousme/openapi-schema-validator";
import { ACTIONS } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInternalRoute } from "../../src/plugins/openapi/internal-routes.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let document: any;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** Fastify's `/api/orgs/:orgId/tasks/:taskId` is OpenAPI's `/api/orgs/{orgId}/tasks/{taskId}`. */
function openapiPath(url: string) {
  return url.replace(/:([A-Za-z]+)/g, "{$1}");
}

function operations() {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

describe("GET /api/openapi.json", () => {
  it("is public and an OpenAPI 3.1 document that validates", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every registered route except the internal ones", () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const missing = t.app.registeredRoutes
      .filter((route) => !isInternalRoute(route.method, route.url))
      .map((route) => `${route.method} ${openapiPath(route.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(documented.size).toBeGreaterThan(30);
    // The internal list hides only what it names: none of the documented API is under it.
    expect([...documented].filter((key) => key.includes("/api/docs") || key.endsWith("/api/auth/*"))).toEqual([]);
  });

  it("gives each operation a unique operationId, a tag, responses and the error shape", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect({ path, method, id: typeof operation.operationId, tags: operation.tags?.length }).toEqual({
        path,
        method,
        id: "string",
        tags: 1,
      });
      const error = operation.responses["500"].content["application/json"].schema;
      expect(error.required).toEqual(["error"]);
      expect(error.properties.error.required).toEqual(["code", "message"]);
    }
    const createTask = document.paths["/api/orgs/{orgId}/tasks"].post;
    expect(createTask.operationId).toBe("postOrgTasks");
    expect(createTask.tags).toEqual(["tasks"]);
    expect(createTask.requestBody.content["application/json"].schema.properties).toHaveProperty("name");
    expect(Object.keys(createTask.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "404"]));
    expect(createTask.responses["201"].content["application/json"].schema.properties).toHaveProperty("id");
  });

  it("declares the bearer token and the session cookie, and which operation takes which", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(document.paths["/api/orgs/{orgId}/tasks"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(document.paths["/api/auth/sign-in/email"].post.security).toEqual([]);
    expect(document.paths["/api/auth/sign-in/email"].post.tags).toEqual(["auth"]);
  });
});

describe("what the reference shows for each operation", () => {
  it("gives every operation a one-line summary", () => {
    const missing = operations()
      .filter(({ operation }) => typeof operation.summary !== "string" || operation.summary.trim() === "")
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    expect(document.paths["/api/orgs/{orgId}/runners"].get.summary).toBe("List runners");
    expect(document.paths["/api/orgs/{orgId}/workflows/{workflowId}/execute"].post.summary).toBe("Run a workflow now");
  });

  it("shows realistic integers, never the safe-integer bounds zod writes", () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain(String(Number.MIN_SAFE_INTEGER));
    const list = document.paths["/api/orgs/{orgId}/tasks"].get;
    const pageSize = list.parameters.find((parameter: any) => parameter.name === "pageSize");
    expect(pageSize.schema).toMatchObject({ default: 20, minimum: 1, maximum: 100 });
    const page = list.responses["200"].content["application/json"].schema.properties;
    expect(page.total).toEqual({ type: "integer", examples: [42] });
    const added = document.paths["/api/orgs/{orgId}/credits/add"].post.requestBody.content["application/json"].schema;
    expect(added.properties.amount.examples).toEqual([10]);
    // An error's example is a real answer: the route's own refusal text for a 403.
    const refused = JSON.stringify(document.paths["/api/orgs/{orgId}/runners/{runnerId}/revoke"].post.responses["403"]);
    expect(refused).toContain(JSON.stringify({ code: "permission-denied", message: RUNNER_MESSAGES.cannotManage }));
    expect(JSON.stringify(list.responses["401"])).toContain('"code":"unauthenticated"');
  });

  it("documents the Idempotency-Key header, and its 409, on the routes that honour it, and only there", () => {
    const idempotent = [
      "POST /api/orgs/{orgId}/tasks",
      "POST /api/orgs/{orgId}/workflows",
      "POST /api/orgs/{orgId}/workflows/{workflowId}/execute",
      "POST /api/orgs/{orgId}/runs/{runId}/retry-failed",
      "POST /api/orgs/{orgId}/credits/consume",
      "POST /api/orgs/{orgId}/credits/add",
      "POST /api/orgs/{orgId}/documents",
      "POST /api/orgs/{orgId}/documents/{documentId}/versions",
      "POST /api/orgs/{orgId}/invitations",
    ];
    const withHeader = operations()
      .filter(({ operation }) =>
        (operation.parameters ?? []).some(
          (parameter: any) => parameter.in === "header" && parameter.name === "Idempotency-Key",
        ),
      )
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(withHeader.sort()).toEqual([...idempotent].sort());
    const execute = document.paths["/api/orgs/{orgId}/workflows/{workflowId}/execute"].post;
    const header = execute.parameters.find((parameter: any) => parameter.name === "Idempotency-Key");
    expect(header).toMatchObject({ in: "header", required: false, schema: { type: "string", maxLength: 255 } });
    expect(execute.description).toContain("Idempotent-Replayed");
    expect(execute.responses).toHaveProperty("409");
    expect(document.paths["/api/orgs/{orgId}/tasks/{taskId}"].patch.responses).not.toHaveProperty("409");
  });
});

describe("run parameters in the document", () => {
  /** The schema at `schema`, following a `$ref` into components when there is one. */
  const resolve = (schema: any): any =>
    schema?.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()]) : schema;

  it("describes the execute body's parameters, and the declaration run-options and workflows answer", () => {
    const execute = document.paths["/api/orgs/{orgId}/workflows/{workflowId}/execute"].post;
    const body = JSON.stringify(execute.requestBody);
    expect(body).toContain('"parameters"');
    expect(body).toContain("web-2");
    const options = resolve(
      document.paths["/api/orgs/{orgId}/workflows/{workflowId}/run-options"].get.responses["200"].content[
        "application/json"
      ].schema,
    );
    const declaration = JSON.stringify(options.properties.parameters);
    for (const type of ["text", "multiline", "number", "boolean", "choice", "multichoice", "date"]) {
      expect(declaration).toContain(`"${type}"`);
    }
    for (const field of ["label", "required", "default", "choices", "pattern", "min", "max", "integer"]) {
      expect(declaration).toContain(`"${field}"`);
    }
    const create = JSON.stringify(document.paths["/api/orgs/{orgId}/workflows"].post.requestBody);
    expect(create).toContain('"parameters"');
    expect(create).toContain('"scheduleParameters"');
  });
});

describe("GET /api/docs", () => {
  it("answers an HTML page that loads only same-origin assets, each of which is served", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\//);
      const asset = await t.app.inject({ method: "GET", url: source });
      expect({ source, status: asset.statusCode }).toEqual({ source, status: 200 });
    }
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    // Flowdeck's, not Fastify's: the title, the favicon and the logo.
    expect(page.body).toContain("<title>Flowdeck API reference</title>");
    expect(page.body).toContain('href="/api/docs/static/theme/favicon.svg"');
    expect(page.body).not.toMatch(/favicon-32x32\.png/);
    const initializer = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(initializer.body)?.[1];
    expect(Buffer.from(logo ?? "", "base64").toString()).toContain("Flowdeck API</text>");
    expect(String(page.headers["content-security-policy"])).toMatch(/img-src[^;]* data:/);
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.json().openapi).toBe("3.1.0");
  });
});

describe("the role each operation needs", () => {
  it("comes from the route's action in the shared table", () => {
    const byKey = new Map(
      operations().map(({ path, method, operation }) => [`${method.toUpperCase()} ${path}`, operation]),
    );
    const orgRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith("/api/orgs/:orgId"));
    expect(orgRoutes.length).toBeGreaterThan(40);
    for (const route of orgRoutes) {
      const operation = byKey.get(`${route.method} ${openapiPath(route.url)}`);
      if (!operation) continue; // HEAD twins of GET routes
      expect({ route: route.url, role: operation["x-required-role"] }).toEqual({
        route: route.url,
        role: ACTIONS[route.action as keyof typeof ACTIONS].minimumRole,
      });
    }
    expect(byKey.get("POST /api/orgs/{orgId}/credits/add")["x-required-role"]).toBe("admin");
    expect(byKey.get("POST /api/orgs/{orgId}/workflows/{workflowId}/execute")["x-required-role"]).toBe("editor");
  });
});
