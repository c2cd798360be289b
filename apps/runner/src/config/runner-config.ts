import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { RUNNER_PLATFORMS } from "@flowdeck/shared/runners/protocol";
import { RunnerError } from "../errors.ts";

export const CONFIG_FILE_NAME = "runner.json";

/** What `register` writes: the runner's identity and its secret (so the file is 0600). */
export const RunnerConfigSchema = z.object({
  url: z.url(),
  runnerId: z.string().min(1),
  secret: z.string().min(1),
  name: z.string().min(1),
  labels: z.array(z.string()),
  os: z.enum(RUNNER_PLATFORMS),
  arch: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  registeredAt: z.string(),
});
export type RunnerConfig = z.output<typeof RunnerConfigSchema>;

export function configFilePath(dir: string): string {
  return path.join(dir, CONFIG_FILE_NAME);
}

/** The runner's configuration, or null when this directory has none (not registered). */
export async function readRunnerConfig(dir: string): Promise<RunnerConfig | null> {
  const file = configFilePath(dir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new RunnerError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RunnerError(`${file} is not valid JSON: remove it and register this runner again.`);
  }
  const parsed = RunnerConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new RunnerError(`${file} is incomplete or damaged: remove it and register this runner again.`);
  }
  return parsed.data;
}

export async function requireRunnerConfig(dir: string): Promise<RunnerConfig> {
  const config = await readRunnerConfig(dir);
  if (!config) {
    throw new RunnerError(
      `This runner is not registered (no ${configFilePath(dir)}). ` +
        "Register it first: flowdeck-runner register --url <Flowdeck address> --token <fdr_… token>",
    );
  }
  return config;
}

/**
 * Writes runner.json readable by its owner only (0600, in a 0700 directory). It is written to a
 * temporary file first, so a crash never leaves half a credential behind.
 */
export async function writeRunnerConfig(dir: string, config: RunnerConfig): Promise<string> {
  const file = configFilePath(dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(dir, `.${CONFIG_FILE_NAME}.${randomBytes(4).toString("hex")}`);
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    // The mode given at creation is filtered by the umask; set it outright.
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new RunnerError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  return file;
}

export async function removeRunnerConfig(dir: string): Promise<void> {
  await rm(configFilePath(dir), { force: true });
}
