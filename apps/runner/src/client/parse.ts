import { parseArgs, type ParseArgsConfig } from "node:util";
import { RunnerError } from "../errors.ts";
import { EXIT } from "./exit-codes.ts";

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
type Config<O extends OptionsConfig> = { args: string[]; options: O; strict: true; allowPositionals: true };

/** Options every command takes: where Flowdeck is and the token. */
export const CONNECTION_OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
} as const satisfies OptionsConfig;

/**
 * A command's options and its positional arguments (strict: an unknown option is refused), with
 * exactly `positionals` of them; an error is one line that points at the command's help.
 */
export function parseCommand<const O extends OptionsConfig>(
  command: string,
  args: string[],
  options: O,
  positionals: string[],
): { values: ReturnType<typeof parseArgs<Config<O>>>["values"]; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs<Config<O>>({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    const message = (error as Error).message.split(/\.\s/)[0]!.replace(/\.$/, "");
    throw new RunnerError(`${message}. See: flowdeck help ${command}`, EXIT.usage);
  }
  if (parsed.positionals.length !== positionals.length) {
    const wanted = positionals.map((name) => `<${name}>`).join(" ");
    throw new RunnerError(
      `Usage: flowdeck ${command}${wanted ? ` ${wanted}` : ""} [options]. See: flowdeck help ${command}`,
      EXIT.usage,
    );
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/** A whole number from `min` to `max` from an option, or a usage error naming it. */
export function parseLimit(value: string | undefined, option: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new RunnerError(`--${option} must be a whole number from 1 to ${max} (got "${value}").`, EXIT.usage);
  }
  return number;
}
