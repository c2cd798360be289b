import { RunnerError } from "../errors.ts";

/** Usage errors exit with 2, as command-line programs do. */
export const USAGE_EXIT_CODE = 2;

/**
 * Runs a command's node:util parseArgs (strict: an unknown or incomplete option is refused),
 * turning its errors into one line that points at the help.
 */
export function parseOptions<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = (error as Error).message.split(/\.\s/)[0]!.replace(/\.$/, "");
    throw new RunnerError(`${message}. See: flowdeck-runner help ${command}`, USAGE_EXIT_CODE);
  }
}

/** A positive whole number from an option, or a usage error naming the option. */
export function parseCount(value: string | undefined, option: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new RunnerError(`--${option} must be a whole number from 1 to ${max} (got "${value}").`, USAGE_EXIT_CODE);
  }
  return number;
}
