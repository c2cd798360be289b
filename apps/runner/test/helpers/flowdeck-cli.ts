import path from "node:path";
import { startProgram, type RunnerProcess } from "./runner-cli.ts";

export const FLOWDECK_BIN = path.resolve(import.meta.dirname, "../../bin/flowdeck.js");

/**
 * Starts the built `flowdeck` command as a separate process, as a CI job would: no terminal (its
 * standard input is closed), FLOWDECK_URL and FLOWDECK_TOKEN only from `env`.
 */
export function startFlowdeckCli(args: string[], env: Record<string, string>): RunnerProcess {
  return startProgram(FLOWDECK_BIN, args, { FLOWDECK_URL: "", FLOWDECK_TOKEN: "", ...env });
}

/** Runs a `flowdeck` command to its end. */
export async function runFlowdeckCli(args: string[], env: Record<string, string>) {
  const cli = startFlowdeckCli(args, env);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
