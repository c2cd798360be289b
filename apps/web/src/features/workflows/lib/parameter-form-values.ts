import {
  ParameterInputSchema,
  type Parameter,
  type ParameterInput,
  type ParameterType,
} from "@flowdeck/shared/workflows/parameters";

/** One parameter as the workflow form's fields hold it, as typed; `parameterToInput` makes the API's. */
export type ParameterFormValues = {
  name: string;
  label: string;
  help: string;
  type: ParameterType;
  required: boolean;
  /** The default of a text, multi-line, number, choice or date parameter, as typed ("" for none). */
  defaultText: string;
  /** The default of a yes / no parameter. */
  defaultOn: boolean;
  /** The default choices of a multiple choice parameter. */
  defaultChoices: string[];
  /** One choice per line. */
  choices: string;
  pattern: string;
  min: string;
  max: string;
  integer: boolean;
};

export function emptyParameter(): ParameterFormValues {
  return {
    name: "",
    label: "",
    help: "",
    type: "text",
    required: false,
    defaultText: "",
    defaultOn: false,
    defaultChoices: [],
    choices: "",
    pattern: "",
    min: "",
    max: "",
    integer: false,
  };
}

export function parameterToForm(parameter: Parameter): ParameterFormValues {
  const value = parameter.default;
  return {
    ...emptyParameter(),
    name: parameter.name,
    label: parameter.label,
    help: parameter.help,
    type: parameter.type,
    required: parameter.required,
    defaultText: typeof value === "string" || typeof value === "number" ? String(value) : "",
    defaultOn: value === true,
    defaultChoices: Array.isArray(value) ? value : [],
    choices: (parameter.choices ?? []).join("\n"),
    pattern: parameter.pattern ?? "",
    min: parameter.min === undefined ? "" : String(parameter.min),
    max: parameter.max === undefined ? "" : String(parameter.max),
    integer: parameter.integer ?? false,
  };
}

/** The choices as listed, one a line, blank lines left out. */
export function choicesOf(values: Pick<ParameterFormValues, "choices">) {
  return values.choices
    .split("\n")
    .map((choice) => choice.trim())
    .filter(Boolean);
}

/** A typed number, or the text itself so the server's message explains what is wrong with it. */
const numberOf = (text: string) => (text.trim() === "" ? null : Number.isNaN(Number(text)) ? text : Number(text));

/** The API's declaration of a parameter: only what its type uses. */
export function parameterToInput(values: ParameterFormValues): ParameterInput {
  const base = {
    name: values.name,
    label: values.label,
    help: values.help,
    type: values.type,
    required: values.required,
  };
  switch (values.type) {
    case "boolean":
      return { ...base, default: values.defaultOn };
    case "multichoice":
      return { ...base, choices: choicesOf(values), default: values.defaultChoices };
    case "choice":
      return { ...base, choices: choicesOf(values), default: values.defaultText };
    case "number":
      return {
        ...base,
        default: numberOf(values.defaultText),
        min: numberOf(values.min) as number | null,
        max: numberOf(values.max) as number | null,
        integer: values.integer,
      };
    case "text":
      return { ...base, default: values.defaultText, pattern: values.pattern };
    default:
      return { ...base, default: values.defaultText };
  }
}

/** Where the form shows the API's message about a parameter's field (`parameters.0.default`). */
export function parameterFormField(index: string, field: string) {
  const fields: Record<string, string> = { default: "defaultText", choices: "choices", min: "min", max: "max" };
  const known = ["name", "label", "help", "type", "pattern"];
  if (index === "") return "parameters";
  return `parameters.${index}.${fields[field] ?? (known.includes(field) ? field : "name")}`;
}

/** The form's parameters that are already valid declarations, each name once: what a schedule can give values to. */
export function declaredParameters(parameters: readonly ParameterFormValues[]): Parameter[] {
  const declared: Parameter[] = [];
  for (const values of parameters) {
    const parsed = ParameterInputSchema.safeParse(parameterToInput(values));
    if (parsed.success && !declared.some((parameter) => parameter.name === parsed.data.name))
      declared.push(parsed.data);
  }
  return declared;
}
