import path from "node:path";
import { describe, expect, it } from "vitest";
import { signedInChunkGroups } from "../../../web/build/chunk-groups.ts";

// Which group a module of the web app's build goes into (docs/decisions/084), on a small module
// graph of the shape Rolldown gives a group's `name` function.

const ROOT = "/repo/apps/web";
const SHARED = "/repo/packages/shared/src";
const NODE_MODULES = "/repo/node_modules";
const src = (file: string) => path.join(ROOT, "src", file);

/** Each module's static imports; the code of each is short unless given. */
const IMPORTS: Record<string, string[]> = {
  [src("main.tsx")]: [`${NODE_MODULES}/react-router/index.mjs`, src("lib/get-me.ts"), src("lib/theme.ts")],
  [src("app/shell/app-shell.tsx")]: [src("app/shell/sidebar.tsx")],
  [src("app/shell/sidebar.tsx")]: [`${SHARED}/index.ts`, src("components/ui/button.tsx")],
  [`${SHARED}/index.ts`]: [`${SHARED}/auth/schemas.ts`, `${SHARED}/permissions/access.ts`],
  [`${SHARED}/auth/schemas.ts`]: [`${NODE_MODULES}/zod/index.js`],
  [src("landing-main.tsx")]: [src("lib/theme.ts")],
  [src("components/ui/text-field.tsx")]: [`${NODE_MODULES}/react-hook-form/index.js`],
  [src("features/runs/format-duration.ts")]: [],
  [src("features/runs/run-steps.tsx")]: [],
  [src("features/workflows/dates.ts")]: [src("features/workflows/luxon-dates.ts")],
  [src("features/workflows/luxon-dates.ts")]: [`${NODE_MODULES}/luxon/index.js`],
};
const CODE: Record<string, string> = { [src("features/runs/run-steps.tsx")]: "x".repeat(10_000) };

const graph = {
  getModuleInfo: (id: string) => ({ code: CODE[id] ?? "export {}", importedIds: IMPORTS[id] ?? [] }),
};
const groupOf = signedInChunkGroups(ROOT);

describe("the signed-in app's chunk groups", () => {
  it("put what the entry and the shell import in app-start, through packages/shared's index", () => {
    for (const id of [
      src("app/shell/app-shell.tsx"),
      src("app/shell/sidebar.tsx"),
      src("lib/get-me.ts"),
      `${NODE_MODULES}/react-router/index.mjs`,
      `${SHARED}/permissions/access.ts`,
    ]) {
      expect(groupOf(id, graph), id).toBe("app-start");
    }
  });

  it("leave the entry, the landing page's modules and what reaches a library the start does not load", () => {
    for (const id of [
      src("main.tsx"),
      src("lib/theme.ts"),
      `${SHARED}/auth/schemas.ts`,
      `${NODE_MODULES}/zod/index.js`,
      src("components/ui/text-field.tsx"),
      src("features/workflows/dates.ts"),
      `${NODE_MODULES}/luxon/index.js`,
    ]) {
      expect(groupOf(id, graph), id).toBeNull();
    }
  });

  it("put a small module of our own in pages-common, and leave a large one", () => {
    expect(groupOf(src("features/runs/format-duration.ts"), graph)).toBe("pages-common");
    expect(groupOf(src("features/runs/run-steps.tsx"), graph)).toBeNull();
  });
});
