import { z } from "zod";

/**
 * A workflow's typed run parameters (docs/decisions/061): the declaration a workflow keeps, and
 * the one builder of the schema a run's values are checked with — by the Run now form in the
 * browser and by the server on every way a run starts (Run now, the API, the scheduler).
 */

export const PARAMETER_TYPES = ["text", "multiline", "number", "boolean", "choice", "multichoice", "date"] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const PARAMETER_TYPE_LABELS: Record<ParameterType, string> = {
  text: "Text",
  multiline: "Multi-line text",
  number: "Number",
  boolean: "Yes / no",
  choice: "Choice",
  multichoice: "Multiple choice",
  date: "Date",
};

export const PARAMETER_LIMITS = {
  /** Parameters a workflow may declare. */
  parameters: 30,
  name: 64,
  label: 100,
  help: 500,
  choices: 50,
  choice: 200,
  /** A pattern is short: with the nested-repetition check, a value is checked in a bounded time. */
  pattern: 200,
  /** The longest value of a text and of a multi-line text parameter, in characters. */
  text: 1000,
  multiline: 10_000,
} as const;

/** A value a run is given: text, multi-line text, choice and date are strings. */
export type ParameterValue = string | number | boolean | string[];

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A group that repeats and holds a repetition itself, like `(a+)+` or `(\w*)*`: catastrophic backtracking. */
const NESTED_REPETITION = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)(?:[+*]|\{\d*,)/;

export const PARAMETER_MESSAGES = {
  nameInvalid: "A parameter name is lower_snake_case: a letter, then letters, digits or _",
  nameTaken: (name: string) => `Another parameter is already named ${name}`,
  tooMany: `A workflow can have at most ${PARAMETER_LIMITS.parameters} parameters`,
  typeInvalid: `A parameter's type is one of ${PARAMETER_TYPES.join(", ")}`,
  choicesRequired: "A choice parameter needs at least one choice",
  choicesUnique: "Each choice must be different",
  choiceNewline: "A choice is one line",
  patternInvalid: "The pattern is not a valid regular expression",
  patternNested: "The pattern repeats a group that repeats itself (like (a+)+): checking a value could take very long",
  minAboveMax: "The minimum must not be greater than the maximum",
  defaultInvalid: (message: string) => `The default is not valid: ${message}`,
  unknown: (name: string) => `${name} is not a parameter of this workflow`,
  required: (label: string) => `${label} is required`,
} as const;

/** The name of the environment variable a step reads a parameter's value from. */
export function parameterEnvName(name: string) {
  return `FLOWDECK_PARAM_${name.toUpperCase()}`;
}

/**
 * A value as a step's environment carries it: a number as written, a boolean "true" or "false",
 * several choices one per line, nothing (an optional parameter left empty) as "".
 */
export function parameterEnvValue(value: ParameterValue | null): string {
  if (value === null) return "";
  if (Array.isArray(value)) return value.join("\n");
  return String(value);
}

/** Null, "", NaN (an empty number input) and [] are no value at all. */
function isAbsent(value: unknown) {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    (typeof value === "number" && Number.isNaN(value)) ||
    (Array.isArray(value) && value.length === 0)
  );
}

export function isValidDate(text: string) {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Why a pattern cannot be used, or null: it must compile and must not nest repetitions. */
export function patternError(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch {
    return PARAMETER_MESSAGES.patternInvalid;
  }
  return NESTED_REPETITION.test(pattern) ? PARAMETER_MESSAGES.patternNested : null;
}

/** The whole value must match, as a person reading the pattern expects. */
function matchesPattern(pattern: string, value: string) {
  return new RegExp(`^(?:${pattern})$`).test(value);
}

export const ParameterValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** A declared parameter, as stored and answered: only the fields its type uses. */
export const ParameterSchema = z.object({
  name: z.string(),
  label: z.string(),
  help: z.string(),
  type: z.enum(PARAMETER_TYPES),
  required: z.boolean(),
  default: ParameterValueSchema.optional(),
  /** choice and multichoice. */
  choices: z.array(z.string()).optional(),
  /** text: the whole value must match it. */
  pattern: z.string().optional(),
  /** number. */
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
});
export type Parameter = z.infer<typeof ParameterSchema>;

const numberOrText = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(value) ? Number(value) : value;
const booleanOrText = (value: unknown) => (value === "true" ? true : value === "false" ? false : value);

/** The schema of one present value of `parameter` (absent values are `parameterValuesSchema`'s). */
function presentValueSchema(parameter: Parameter): z.ZodType<ParameterValue> {
  const { label } = parameter;
  switch (parameter.type) {
    case "text":
    case "multiline": {
      const max = PARAMETER_LIMITS[parameter.type];
      const text = z
        .string({ error: `${label} must be text` })
        .max(max, { error: `${label} must be at most ${max} characters`, abort: true });
      if (parameter.type === "text") {
        const { pattern } = parameter;
        return text
          .refine((value) => !value.includes("\n"), { error: `${label} must be one line`, abort: true })
          .refine((value) => !pattern || matchesPattern(pattern, value), `${label} must match the pattern ${pattern}`);
      }
      return text;
    }
    case "number": {
      let number = z.number({ error: `${label} must be a number` }).finite(`${label} must be a number`);
      if (parameter.integer) number = number.int(`${label} must be a whole number`);
      if (parameter.min !== undefined) number = number.min(parameter.min, `${label} must be at least ${parameter.min}`);
      if (parameter.max !== undefined) number = number.max(parameter.max, `${label} must be at most ${parameter.max}`);
      return z.preprocess(numberOrText, number) as z.ZodType<number>;
    }
    case "boolean":
      return z.preprocess(booleanOrText, z.boolean({ error: `${label} must be true or false` })) as z.ZodType<boolean>;
    case "choice": {
      const choices = parameter.choices ?? [];
      return z
        .string({ error: `${label} must be one of: ${choices.join(", ")}` })
        .refine((value) => choices.includes(value), `${label} must be one of: ${choices.join(", ")}`);
    }
    case "multichoice": {
      const choices = parameter.choices ?? [];
      const message = `${label} must be a list of: ${choices.join(", ")}`;
      return z
        .array(z.string({ error: message }), { error: message })
        .refine((values) => values.every((value) => choices.includes(value)), message)
        .refine((values) => new Set(values).size === values.length, `${label} lists a choice twice`);
    }
    case "date":
      return z
        .string({ error: `${label} must be a date like 2026-12-31` })
        .refine(isValidDate, `${label} must be a date like 2026-12-31`);
  }
}

/** One parameter's value: absent takes the default (a boolean: false); required and absent is refused. */
function readValue(parameter: Parameter, raw: unknown): { value: ParameterValue | null } | { errors: string[] } {
  if (isAbsent(raw)) {
    if (parameter.default !== undefined) return { value: parameter.default };
    if (parameter.type === "boolean") return { value: false };
    if (parameter.required) return { errors: [PARAMETER_MESSAGES.required(parameter.label)] };
    return { value: null };
  }
  const parsed = presentValueSchema(parameter).safeParse(raw);
  return parsed.success ? { value: parsed.data } : { errors: parsed.error.issues.map((issue) => issue.message) };
}

/**
 * The one builder of a run's values schema, from the workflow's declaration: the Run now form
 * resolves with it and the server checks every run with it. Its output holds every declared
 * parameter, in order: the value given, else the default, else null (false for a boolean); a
 * name the workflow does not declare is refused, naming it.
 */
export function parameterValuesSchema(declaration: readonly Parameter[]) {
  const names = new Set(declaration.map((parameter) => parameter.name));
  return z
    .record(z.string(), z.unknown(), { error: "Parameters are an object of names and values" })
    .transform((values, context) => {
      for (const key of Object.keys(values)) {
        if (!names.has(key))
          context.addIssue({ code: "custom", path: [key], message: PARAMETER_MESSAGES.unknown(key) });
      }
      const output: ParameterValues = {};
      for (const parameter of declaration) {
        const read = readValue(parameter, values[parameter.name]);
        if ("value" in read) output[parameter.name] = read.value;
        else for (const message of read.errors) context.addIssue({ code: "custom", path: [parameter.name], message });
      }
      return output;
    });
}
export type ParameterValues = Record<string, ParameterValue | null>;

/** What a run keeps of its inputs: each value with the label and type it had (never the declaration now). */
export const RunParameterSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(PARAMETER_TYPES),
  value: ParameterValueSchema.nullable(),
});
export type RunParameter = z.infer<typeof RunParameterSchema>;

export function snapshotParameters(declaration: readonly Parameter[], values: ParameterValues): RunParameter[] {
  return declaration.map(({ name, label, type }) => ({ name, label, type, value: values[name] ?? null }));
}

const optionalNumber = z.number({ error: "Must be a number" }).finite().nullish();

/** A parameter as a workflow's create and update bodies declare it; normalized to `Parameter`. */
export const ParameterInputSchema = z
  .object({
    name: z
      .string({ error: PARAMETER_MESSAGES.nameInvalid })
      .trim()
      .max(PARAMETER_LIMITS.name, `A parameter name is at most ${PARAMETER_LIMITS.name} characters`)
      .regex(NAME_PATTERN, PARAMETER_MESSAGES.nameInvalid),
    label: z
      .string()
      .trim()
      .max(PARAMETER_LIMITS.label, `A label is at most ${PARAMETER_LIMITS.label} characters`)
      .nullish(),
    help: z
      .string()
      .trim()
      .max(PARAMETER_LIMITS.help, `Help text is at most ${PARAMETER_LIMITS.help} characters`)
      .nullish(),
    type: z.enum(PARAMETER_TYPES, { error: PARAMETER_MESSAGES.typeInvalid }),
    required: z.boolean({ error: "required is true or false" }).default(false),
    default: z.unknown().optional(),
    choices: z
      .array(
        z
          .string({ error: "A choice is text" })
          .trim()
          .min(1, "A choice cannot be empty")
          .max(PARAMETER_LIMITS.choice, `A choice is at most ${PARAMETER_LIMITS.choice} characters`)
          .refine((choice) => !choice.includes("\n"), PARAMETER_MESSAGES.choiceNewline),
        { error: "Choices are a list of texts" },
      )
      .max(PARAMETER_LIMITS.choices, `A parameter has at most ${PARAMETER_LIMITS.choices} choices`)
      .nullish(),
    pattern: z
      .string({ error: "A pattern is text" })
      .max(PARAMETER_LIMITS.pattern, `A pattern is at most ${PARAMETER_LIMITS.pattern} characters`)
      .nullish(),
    min: optionalNumber,
    max: optionalNumber,
    integer: z.boolean({ error: "integer is true or false" }).nullish(),
  })
  .transform((input, context): Parameter => {
    const fail = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    const parameter: Parameter = {
      name: input.name,
      label: input.label || input.name,
      help: input.help ?? "",
      type: input.type,
      required: input.required,
    };
    if (input.type === "choice" || input.type === "multichoice") {
      const choices = input.choices ?? [];
      if (choices.length === 0) fail("choices", PARAMETER_MESSAGES.choicesRequired);
      else if (new Set(choices).size !== choices.length) fail("choices", PARAMETER_MESSAGES.choicesUnique);
      parameter.choices = choices;
    }
    if (input.type === "text" && input.pattern) {
      const error = patternError(input.pattern);
      if (error) fail("pattern", error);
      else parameter.pattern = input.pattern;
    }
    if (input.type === "number") {
      if (input.min != null) parameter.min = input.min;
      if (input.max != null) parameter.max = input.max;
      if (input.integer) parameter.integer = true;
      if (input.min != null && input.max != null && input.min > input.max) fail("min", PARAMETER_MESSAGES.minAboveMax);
    }
    if (!isAbsent(input.default)) {
      const parsed = presentValueSchema(parameter).safeParse(input.default);
      if (parsed.success) parameter.default = parsed.data;
      else fail("default", PARAMETER_MESSAGES.defaultInvalid(parsed.error.issues[0]?.message ?? ""));
    }
    return parameter;
  });
export type ParameterInput = z.input<typeof ParameterInputSchema>;

/** A workflow's parameters: a bounded list, each name once. */
export const ParametersInputSchema = z
  .array(ParameterInputSchema, { error: "Parameters are a list" })
  .max(PARAMETER_LIMITS.parameters, PARAMETER_MESSAGES.tooMany)
  .superRefine((parameters, context) => {
    const seen = new Set<string>();
    parameters.forEach((parameter, index) => {
      if (seen.has(parameter.name)) {
        context.addIssue({
          code: "custom",
          path: [index, "name"],
          message: PARAMETER_MESSAGES.nameTaken(parameter.name),
        });
      }
      seen.add(parameter.name);
    });
  });

/** Values saved for a workflow's schedule (a scheduled run uses them, then the defaults). */
export const ScheduleParametersInputSchema = z.record(z.string(), z.unknown(), {
  error: "Schedule parameters are an object of names and values",
});

/**
 * The values given (absent ones left out), each as the builder read it: what a schedule saves, so
 * a default changed later still applies to what was left empty.
 */
export function givenValues(raw: Record<string, unknown>, parsed: ParameterValues): Record<string, ParameterValue> {
  return Object.fromEntries(
    Object.keys(raw).flatMap((name) => {
      const value = parsed[name];
      return isAbsent(raw[name]) || value === null || value === undefined ? [] : [[name, value]];
    }),
  );
}
