import { parseArgs, type ParseArgsConfig } from "node:util";
import { RunnerError } from "../errors.ts";

/** Usage errors exit with 2, as command-line programs do. */
export const USAGE_EXIT_CODE = 2;

type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
type ParsedResults<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;
type StrictConfig<O extends OptionsConfig> = { args: string[]; options: O; strict: true; allowPositionals: false };

/**
 * A command's options, read by node:util parseArgs (strict: an unknown or incomplete option is
 * refused, and so is a positional argument); its errors become one line that points at the help.
 */
export function parseOptions<const O extends OptionsConfig>(
  command: string,
  args: string[],
  options: O,
): ParsedResults<StrictConfig<O>>["values"] {
  try {
    return parseArgs<StrictConfig<O>>({
      args,
      options,
      strict: true,
      allowPositionals: false,
    }).values;
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
