import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/database.ts";
import { createDatabase, databaseUrl, dropDatabase } from "../helpers/postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one PostgreSQL database per test run: each test file then gets a copy of it
 * (`create database … template …`, about a tenth of the time of migrating a new one).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = requireAdminUrl();
  const template = await createDatabase(adminUrl, "flowdeck_template");
  const handle = await openDatabase({
    kind: "postgres",
    connectionString: databaseUrl(adminUrl, template),
    poolSize: 1,
  });
  await handle.close();
  project.provide("postgresTemplate", template);
  return () => dropDatabase(adminUrl, template);
}

export function requireAdminUrl(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE=postgres needs TEST_DATABASE_URL");
  return adminUrl;
}
