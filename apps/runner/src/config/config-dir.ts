import os from "node:os";
import path from "node:path";

type Environment = Record<string, string | undefined>;

/**
 * Where the runner keeps runner.json when --config is not given: FLOWDECK_RUNNER_CONFIG, else the
 * platform's place for per-user configuration.
 */
export function defaultConfigDir(
  env: Environment = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env.FLOWDECK_RUNNER_CONFIG) return path.resolve(env.FLOWDECK_RUNNER_CONFIG);
  if (platform === "win32") {
    return path.win32.join(env.APPDATA ?? path.win32.join(home, "AppData", "Roaming"), "flowdeck-runner");
  }
  if (platform === "darwin") return path.join(home, "Library", "Application Support", "flowdeck-runner");
  return path.join(env.XDG_CONFIG_HOME || path.join(home, ".config"), "flowdeck-runner");
}

export function resolveConfigDir(option: string | undefined, env: Environment = process.env): string {
  return option ? path.resolve(option) : defaultConfigDir(env);
}
