import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose embedded database is migrated; process tests copy its `pglite`. */
    pgliteDataDirTemplate: string;
  }
}

/**
 * Creates and migrates one embedded database on disk per test run: a server process started on a
 * copy of it skips PGlite's initdb and the migrations, about six of the ten seconds a first start
 * takes. The copy starts the server the way a restarted installation does; tests of a first start
 * on an empty directory still make an empty one.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "flowdeck-data-template-"));
  const handle = await openDatabase({ kind: "pglite", dataDir });
  await handle.close();
  project.provide("pgliteDataDirTemplate", dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
