// The runner as the server serves it (GET /runner/flowdeck-runner.tgz, docs/decisions/063): one
// file with every dependency bundled in, a package.json whose bin is `flowdeck-runner` and whose
// version is the server's, packed by npm into dist/flowdeck-runner.tgz. So `npx -y <APP_URL>/runner/
// flowdeck-runner.tgz` installs it with no registry: the package has no dependency left to fetch.
// No network is used.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const APP_DIR = import.meta.dirname;
const VERSION_FILE = path.resolve(APP_DIR, "../../packages/shared/src/version.ts");

/** FLOWDECK_VERSION, read from its one definition. */
export function flowdeckVersion() {
  const match = /FLOWDECK_VERSION = "([^"]+)"/.exec(readFileSync(VERSION_FILE, "utf8"));
  if (!match) throw new Error(`FLOWDECK_VERSION not found in ${VERSION_FILE}`);
  return match[1];
}

/** Builds and packs the runner package into `outFile`; returns its path. */
export async function packRunner(outFile = path.join(APP_DIR, "dist/flowdeck-runner.tgz")) {
  const stage = path.join(path.dirname(outFile), "package-stage");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(path.join(stage, "bin"), { recursive: true });
  // The runner and the `flowdeck` command, each one file.
  for (const [entry, bin] of [
    ["src/main.ts", "flowdeck-runner.js"],
    ["src/client/main.ts", "flowdeck.js"],
  ]) {
    await build({
      absWorkingDir: APP_DIR,
      entryPoints: [entry],
      outfile: path.join(stage, "bin", bin),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Every npm package inside: installing it fetches nothing.
      alias: { "@flowdeck/shared": "../../packages/shared/src" },
      define: { __FLOWDECK_SERVED_PACKAGE__: "true" },
      // CommonJS dependencies (undici) still call require() for Node's modules.
      banner: {
        js: [
          "#!/usr/bin/env node",
          'import { createRequire as __flowdeckCreateRequire } from "node:module";',
          "const require = __flowdeckCreateRequire(import.meta.url);",
        ].join("\n"),
      },
      legalComments: "none",
      logLevel: "warning",
    });
  }
  const source = JSON.parse(readFileSync(path.join(APP_DIR, "package.json"), "utf8"));
  const manifest = {
    name: "flowdeck-runner",
    version: flowdeckVersion(),
    description: source.description,
    type: "module",
    engines: source.engines,
    bin: { "flowdeck-runner": "bin/flowdeck-runner.js", flowdeck: "bin/flowdeck.js" },
    files: ["bin", "README.md"],
    license: "UNLICENSED",
  };
  writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(path.join(APP_DIR, "README.md"), path.join(stage, "README.md"));
  // npm pack writes flowdeck-runner-<version>.tgz; the server serves it under one name.
  const [packed] = JSON.parse(
    execFileSync(npmCommand(), ["pack", "--json", "--ignore-scripts", "--pack-destination", path.dirname(outFile)], {
      cwd: stage,
      encoding: "utf8",
      env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" },
      shell: process.platform === "win32",
    }),
  );
  renameSync(path.join(path.dirname(outFile), packed.filename), outFile);
  rmSync(stage, { recursive: true, force: true });
  return outFile;
}

function npmCommand() {
  return process.platform === "win32" ? "npm.cmd" : "npm";
}
