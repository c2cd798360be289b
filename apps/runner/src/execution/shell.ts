import { accessSync, constants } from "node:fs";
import path from "node:path";

/** How a step's command line is handed to a fresh shell. */
export type Shell = {
  name: string;
  file: string;
  args: (command: string) => string[];
  /** cmd.exe parses its own command line: the arguments go to it as they are. */
  verbatimArguments?: boolean;
};

type Environment = Record<string, string | undefined>;

/** The first `names` found on PATH (with PATHEXT on Windows), or null. */
export function findOnPath(
  names: string[],
  env: Environment = process.env,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const pathVariable = platform === "win32" ? (env.Path ?? env.PATH ?? "") : (env.PATH ?? "");
  const directories = pathVariable.split(platform === "win32" ? ";" : ":").filter(Boolean);
  for (const name of names) {
    for (const directory of directories) {
      const candidate = path.join(directory, name);
      try {
        accessSync(candidate, platform === "win32" ? constants.F_OK : constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/**
 * bash, else sh, on Linux and macOS; PowerShell on Windows (Windows PowerShell, else PowerShell 7),
 * else `cmd /c`. Chosen once when the runner starts.
 */
export function chooseShell(env: Environment = process.env, platform: NodeJS.Platform = process.platform): Shell {
  if (platform === "win32") {
    const powershell = findOnPath(["powershell.exe", "pwsh.exe"], env, platform);
    if (powershell) {
      return {
        name: "PowerShell",
        file: powershell,
        args: (command) => [
          "-NoLogo",
          "-NoProfile",
          "-NonInteractive",
          "-ExecutionPolicy",
          "Bypass",
          "-Command",
          command,
        ],
      };
    }
    return {
      name: "cmd",
      file: env.ComSpec ?? "cmd.exe",
      args: (command) => ["/d", "/s", "/c", `"${command}"`],
      verbatimArguments: true,
    };
  }
  const bash = findOnPath(["bash"], env, platform);
  if (bash) return { name: "bash", file: bash, args: (command) => ["-c", command] };
  return { name: "sh", file: "/bin/sh", args: (command) => ["-c", command] };
}
