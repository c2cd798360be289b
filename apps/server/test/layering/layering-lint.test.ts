import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The server's layering is a lint rule (eslint.config.js `serverZones`, docs/conventions.md):
 * each fixture below imports across a layer the way a mistake would, as if it were a file of the
 * server, and the project's own ESLint configuration must refuse it.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const SRC = "apps/server/src";

const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, SRC, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

describe("the server's layers, enforced by lint", () => {
  it.each([
    {
      layer: "a route importing a repository",
      file: "modules/tasks/fixture-routes.ts",
      code: `import { listTasks } from "./repository.ts";\nexport const used = listTasks;\n`,
      message: "Routes call services",
    },
    {
      layer: "a route importing db/",
      file: "modules/tasks/routes.ts",
      code: `import { openDatabase } from "../../db/database.ts";\nexport const used = openDatabase;\n`,
      message: "Routes call services",
    },
    {
      layer: "a repository importing a service",
      file: "modules/tasks/repository.ts",
      code: `import { deleteTask } from "./service.ts";\nexport const used = deleteTask;\n`,
      message: "A repository holds queries",
    },
    {
      layer: "a repository importing a plugin",
      file: "modules/runs/history-repository.ts",
      code: `import { registerActor } from "../../plugins/actor/index.ts";\nexport const used = registerActor;\n`,
      message: "A module never imports a plugin",
    },
    {
      layer: "a route importing a plugin",
      file: "modules/tasks/routes.ts",
      code: `import { registerActor } from "../../plugins/actor/index.ts";\nexport const used = registerActor;\n`,
      message: "A module never imports a plugin",
    },
    {
      layer: "lib/ importing a module",
      file: "lib/fixture.ts",
      code: `import { endRun } from "../modules/runs/lifecycle.ts";\nexport const used = endRun;\n`,
      message: "lib/ and db/ serve every module",
    },
    {
      layer: "a job importing a repository",
      file: "jobs/fixture-job.ts",
      code: `import { expiredLeases } from "../modules/runs/repository.ts";\nexport const used = expiredLeases;\n`,
      message: "A job is a loop over a service",
    },
  ])("refuses $layer", async ({ file, code, message }) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it("allows what each layer may import", async () => {
    expect(
      await restrictedImports(
        "modules/tasks/fixture-routes.ts",
        `import { deleteTask } from "./service.ts";\nexport const used = deleteTask;\n`,
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "modules/runs/fixture-service.ts",
        `import { expiredLeases } from "./repository.ts";\nexport const used = expiredLeases;\n`,
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "jobs/fixture-job.ts",
        `import { sweepRuns } from "../modules/runs/sweep-runs.ts";\nexport const used = sweepRuns;\n`,
      ),
    ).toEqual([]);
  });
});
