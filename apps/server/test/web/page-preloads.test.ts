import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Manifest } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMES_DIR, shellPages, writePagePreloads } from "../../../web/build/page-preloads.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// A page's first visit asks for its own code with the entry's, not after the entry ran
// (docs/decisions/083): the HTML the server sends for a page of the shell preloads the shell's and
// the page's chunks. The pages come from the real router; the build manifest is a small one of
// Vite's shape, so no test waits for a build.

const ROUTER = path.resolve(import.meta.dirname, "../../../web/src/app/router.tsx");
const THEME_SCRIPT = `document.documentElement.classList.toggle("dark", true);`;
const ENTRY_HTML = `<!doctype html>
<html><head>
    <script>${THEME_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
</head><body><div id="root"></div></body></html>`;

/** A manifest in which each page and the shell has its own chunk, and the dashboard a shared one. */
function manifestFor(modules: string[]): Manifest {
  const manifest: Manifest = {
    "index.html": { file: "assets/app-1.js", src: "index.html", isEntry: true, imports: ["_react-1.js"] },
    "_react-1.js": { file: "assets/react-1.js" },
    "_forms-1.js": { file: "assets/forms-1.js", imports: ["_react-1.js"] },
  };
  for (const module of modules) {
    const file = `assets/${path.basename(module, ".tsx")}-1.js`;
    manifest[module] = { file, src: module, isDynamicEntry: true, imports: ["_react-1.js"] };
  }
  manifest["src/app/dashboard/dashboard-page.tsx"]?.imports?.push("_forms-1.js");
  return manifest;
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), "flowdeck-web-dist-"));
  writeFileSync(path.join(webDist, "index.html"), ENTRY_HTML);
  mkdirSync(path.join(webDist, "prerendered"));
  writeFileSync(path.join(webDist, "prerendered/login.html"), ENTRY_HTML.replace("<div", "<h1>Sign in</h1><div"));
  // The workflows page drawn with its header (build/prerender.ts), which its own HTML starts from.
  mkdirSync(path.join(webDist, FRAMES_DIR));
  writeFileSync(path.join(webDist, FRAMES_DIR, "workflows.html"), ENTRY_HTML.replace("<div", "<h1>Workflows</h1><div"));
  const pages = shellPages(readFileSync(ROUTER, "utf8"));
  writePagePreloads(webDist, pages, manifestFor([...new Set(pages.flatMap(({ modules }) => modules))]));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe("the HTML of a page of the shell", () => {
  it("preloads /dashboard's chunk, the shell's and what they import that the entry does not", async () => {
    const response = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(preloads(response.body)).toEqual([
      "/assets/app-shell-1.js",
      "/assets/dashboard-page-1.js",
      "/assets/forms-1.js",
      "/assets/react-1.js",
    ]);
  });

  it("matches a route's parameters and ignores the query", async () => {
    const run = await t.app.inject({ method: "GET", url: "/workflows/runs/0b6c7f7e-run?step=2" });
    expect(run.statusCode).toBe(200);
    expect(preloads(run.body)).toContain("/assets/run-view-with-run-again-1.js");
    expect(preloads(run.body)).not.toContain("/assets/dashboard-page-1.js");
    const workflows = await t.app.inject({ method: "GET", url: "/workflows" });
    expect(preloads(workflows.body)).toContain("/assets/workflows-with-runs-1.js");
  });

  it("is not what /login or an unknown page gets", async () => {
    for (const url of ["/login", "/no-such-page", "/dashboard/extra"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(preloads(response.body), url).toEqual(["/assets/react-1.js"]);
    }
  });
});

describe("a page drawn with its header", () => {
  it("is what /workflows gets, with the page's preloads; /dashboard gets the plain frame", async () => {
    const workflows = await t.app.inject({ method: "GET", url: "/workflows" });
    expect(workflows.body).toContain("<h1>Workflows</h1>");
    expect(preloads(workflows.body)).toContain("/assets/workflows-with-runs-1.js");
    const dashboard = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(dashboard.body).not.toContain("<h1>");
  });
});

describe("the inline script of index.html (the theme, before the first paint)", () => {
  it("is allowed by its hash, and no other inline script is", async () => {
    const response = await t.app.inject({ method: "GET", url: "/dashboard" });
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    const scriptSrc = String(response.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
