import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, type BaseSyntheticEvent } from "react";
import { get, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "./api-client.ts";
import { focusFirstInvalid } from "./focus-first-invalid.ts";

type ZodFormOptions<Input extends FieldValues> = {
  defaultValues: DefaultValues<Input>;
  /** Values that arrive later (a live update, the saved answer): a new one resets the form to it. */
  values?: Input;
};

export type ZodForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /**
   * The <form>'s ref: after a refused submit, focus moves to its first invalid field. Take it out
   * first (`const { attach } = form`): a property passed as a ref makes the React compiler treat the
   * whole form as a ref.
   */
  attach: (element: HTMLFormElement | null) => void;
  /** The form's submit handler: valid values go to `onValid`; refused ones mark their fields. */
  submit: (onValid: (values: Output) => unknown) => (event?: BaseSyntheticEvent) => void;
  /** The message of a field, or of any path the schema named (e.g. "commands.windows"). */
  errorOf: (path: string) => string | undefined;
  /** The message that belongs to no field: a server refusal, or an issue the schema put on "root". */
  formError: string | undefined;
  /**
   * A refused save: the server's field messages go on their fields (`fieldOf` maps the API's path to
   * the form's), anything else becomes the form's message.
   */
  showServerError: (error: unknown, fallback: string, fieldOf?: (path: string) => string) => void;
};

/**
 * The one way to build a form: react-hook-form checked by the shared zod schema the server uses,
 * so the form shows the server's messages before it is even asked. Fields are re-checked on the
 * next submit (as the spec's forms do), and focus goes to the first field to fix.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  options: ZodFormOptions<z.input<Schema>>,
): ZodForm<z.input<Schema>, z.output<Schema>> {
  type Input = z.input<Schema>;
  const form = useForm<Input, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: options.defaultValues,
    values: options.values,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  // Held as state, not a ref: it is only read in event handlers, and set once when the form mounts.
  const [element, attach] = useState<HTMLFormElement | null>(null);
  // Focus moves once React has drawn the refusal: react-hook-form reports it before it renders.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0 && element) focusFirstInvalid(element);
  }, [focusRequests, element]);
  const focusProblem = () => setFocusRequests((count) => count + 1);
  const errors = form.formState.errors;
  return {
    ...form,
    attach,
    submit: (onValid) => (event) => void form.handleSubmit(onValid, focusProblem)(event),
    errorOf: (path) => (get(errors, path) as { message?: string } | undefined)?.message,
    formError: errors.root?.server?.message ?? errors.root?.message,
    showServerError: (error, fallback, fieldOf = (path) => path) => {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      if (fields.length === 0) {
        form.setError("root.server", { message: error instanceof ApiError ? error.message : fallback });
        return;
      }
      for (const [path, message] of fields) form.setError(fieldOf(path) as Path<Input>, { message });
      focusProblem();
    },
  };
}
