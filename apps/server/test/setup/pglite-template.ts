import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database that each test file's database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates one embedded database per test run and dumps it to a file: each test file's in-memory
 * database then starts as a copy of it, in under a second instead of the five or so that a new
 * database (PGlite's initdb) and the migrations take.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flowdeck-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const handle = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    writeFileSync(file, await handle.dump!());
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
