import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { runnerPackageUrl } from "@flowdeck/shared/runners/install";

/** True in the package the server serves (its build defines it, apps/runner/build.js); absent in a checkout. */
declare const __FLOWDECK_SERVED_PACKAGE__: boolean | undefined;
const SERVED_PACKAGE = typeof __FLOWDECK_SERVED_PACKAGE__ !== "undefined" && __FLOWDECK_SERVED_PACKAGE__;

export type Invocation = {
  env: NodeJS.ProcessEnv;
  /** The script node runs (process.argv[1]). */
  script: string | undefined;
  cwd: string;
  platform: NodeJS.Platform;
  /** The Flowdeck this runner works for, when known: npx runs the package it serves. */
  serverUrl?: string;
  /** Whether this is the package a Flowdeck served (not a checkout's). */
  served: boolean;
};

const NAME = "flowdeck-runner";

/**
 * How to run this program again from the directory it was run in, so the hints it prints can be
 * pasted: when npx (or npm exec) started it, `npx -y <APP_URL>/runner/flowdeck-runner.tgz` for the
 * package a Flowdeck served (never `npx flowdeck-runner`: outside a checkout npx would ask the
 * public registry for a package of that name, which is not ours), `npx flowdeck-runner` in a checkout;
 * `flowdeck-runner` when that name on the PATH is this program (a global install); else
 * `node <its script>`.
 */
export function runnerCommand({
  env = process.env,
  script = process.argv[1],
  cwd = process.cwd(),
  platform = process.platform,
  serverUrl,
  served = SERVED_PACKAGE,
}: Partial<Invocation> = {}): string {
  if (env.npm_command === "exec" || env.npm_lifecycle_event === "npx") {
    return served ? `npx -y ${runnerPackageUrl(serverUrl ?? "<APP_URL>")}` : `npx ${NAME}`;
  }
  if (!script || isOnPath(script, env, platform)) return NAME;
  const relative = path.relative(cwd, script);
  const shown = relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : script;
  return `node ${/[\s"'$&|;<>()`]/.test(shown) ? JSON.stringify(shown) : shown}`;
}

function isOnPath(script: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  // node_modules/.bin is on the PATH only inside npm (an npm script), not in the shell a person pastes into.
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter((dir) => dir && path.basename(dir) !== ".bin");
  const target = realpath(script);
  return dirs.some((dir) => {
    // npm's Windows shims (.cmd) are not links to the script, so their presence has to do.
    if (platform === "win32") return existsSync(path.join(dir, `${NAME}.cmd`));
    const candidate = path.join(dir, NAME);
    return existsSync(candidate) && realpath(candidate) === target;
  });
}

function realpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
