import type { z } from "zod";
import { ApiError } from "./api-client.ts";

export type FieldErrors = Record<string, string>;

/** The first message for each field of a failed zod parse (the same schema the server uses). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Field messages from a server answer, or the whole message under "_" when it names no field. */
export function fieldErrorsFromApi(error: unknown, fallback: string): FieldErrors {
  if (error instanceof ApiError) {
    return Object.keys(error.fields).length > 0 ? error.fields : { _: error.message };
  }
  return { _: fallback };
}
