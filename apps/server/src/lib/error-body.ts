import type { AppError, ErrorBody, ErrorCode } from "@flowdeck/shared";

/** The one error shape of every answer: `{ error: { code, message, fields? } }`. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function errorBodyOf(error: AppError): ErrorBody {
  return errorBody(error.code, error.message, error.fields);
}
