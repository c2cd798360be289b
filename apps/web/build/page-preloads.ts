import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Manifest, Plugin } from "vite";
import { compressFile } from "./precompress.ts";

/** Where the pages' copies of index.html and their table go, inside dist (read by the server's spa.ts). */
export const PAGES_DIR = "pages";
export const PAGES_TABLE = `${PAGES_DIR}/pages.json`;
/**
 * Where build/prerender.ts draws a page of the shell with its header (src/prerender/drawn-screens.tsx):
 * `frames/<name>.html`, named as the page's own file is. A page with a frame starts from it, not index.html.
 */
export const FRAMES_DIR = "frames";

/** A page of the app's shell: its route's path, and the source modules its first render needs. */
export type ShellPage = { path: string; modules: string[] };

/** One row of pages.json: a route's path (`:param` segments as the router writes them) and its HTML. */
export type PageFile = { path: string; file: string };

/**
 * After the build, writes for each page of the app's shell a copy of index.html that also preloads
 * the shell's and the page's own code, and pages.json naming them (docs/decisions/083). Without it
 * the page's code is asked for only once the entry has run: one more wave before the page paints.
 * Runs after prerender(), so the copies carry index.html's drawn loading frame.
 */
export function pagePreloads(): Plugin {
  let root = "";
  let outDir = "dist";
  return {
    name: "flowdeck-page-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
        const pages = shellPages(readFileSync(path.join(root, "src/app/router.tsx"), "utf8"));
        writePagePreloads(outDir, pages, manifest);
      },
    },
  };
}

/** Writes pages/<name>.html for each page and pages.json; returns the table. */
export function writePagePreloads(outDir: string, pages: ShellPage[], manifest: Manifest): PageFile[] {
  const indexHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
  const entry = manifest["index.html"];
  if (!entry) throw new Error("The build manifest has no entry for index.html");
  // What index.html loads already: the entry and its static imports (each a modulepreload there).
  const loaded = staticFiles(manifest, "index.html");
  mkdirSync(path.join(outDir, PAGES_DIR), { recursive: true });
  const table = pages.map(({ path: routePath, modules }) => {
    const files = [...new Set(modules.flatMap((module) => [...staticFiles(manifest, module)]))].filter(
      (file) => !loaded.has(file),
    );
    const links = files.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`).join("");
    const name = `${routePath.slice(1).replace(/[^a-zA-Z0-9]+/g, "-")}.html`;
    const frame = path.join(outDir, FRAMES_DIR, name);
    const base = existsSync(frame) ? readFileSync(frame, "utf8") : indexHtml;
    // Right after the entry's script tag: the page's code is asked for before the entry's own imports.
    const html = base.replace(/(<script type="module"[^>]*><\/script>)/, `$1${links}`);
    if (html === base && links) throw new Error("index.html has no module script to preload a page's code beside");
    const file = `${PAGES_DIR}/${name}`;
    writeFileSync(path.join(outDir, file), html);
    compressFile(path.join(outDir, file));
    return { path: routePath, file };
  });
  writeFileSync(path.join(outDir, PAGES_TABLE), JSON.stringify(table, null, 2));
  return table;
}

/** A module's built file and those of everything it imports statically, as the manifest names them. */
function staticFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticFiles(manifest, imported, files);
  return files;
}

/**
 * The pages of the app's shell, read from the router's source: each `lazyPage(() => import("…"))`
 * beside a `path: "…"` is a page the shell shows, and the `lazyRoute(() => import("…"))` with no
 * path is the shell itself, which every such page needs first. Module names are relative to the
 * web app's root (`@/` is `src/`), as the build manifest keys them.
 */
export function shellPages(routerSource: string): ShellPage[] {
  const source = ts.createSourceFile("router.tsx", routerSource, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const pages: Array<{ path: string; module: string }> = [];
  const layouts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      const module = callee === "lazyPage" || callee === "lazyRoute" ? importedModule(node.arguments[0]) : undefined;
      const routePath = module && pathBeside(node);
      if (module && callee === "lazyPage" && routePath) pages.push({ path: routePath, module });
      if (module && callee === "lazyRoute" && !routePath) layouts.push(module);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (pages.length === 0 || layouts.length !== 1) {
    throw new Error(`router.tsx: expected pages and one shell, found ${pages.length} pages, ${layouts.length} shells`);
  }
  return pages.map(({ path: routePath, module }) => ({ path: routePath, modules: [...layouts, module] }));
}

/** "src/…" for `() => import("@/…")`. */
function importedModule(node: ts.Node | undefined): string | undefined {
  if (!node || !ts.isArrowFunction(node) || !ts.isCallExpression(node.body)) return undefined;
  const [specifier] = node.body.arguments;
  if (node.body.expression.kind !== ts.SyntaxKind.ImportKeyword || !specifier || !ts.isStringLiteral(specifier)) {
    return undefined;
  }
  return specifier.text.replace(/^@\//, "src/");
}

/** The string `path` of the object literal a call is a property value of. */
function pathBeside(call: ts.Node): string | undefined {
  const object = call.parent?.parent;
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  for (const property of object.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === "path" &&
      ts.isStringLiteral(property.initializer)
    ) {
      return property.initializer.text;
    }
  }
  return undefined;
}
