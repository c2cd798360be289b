/** Error codes of spec 7 "Function error mapping by HTTP status", with their HTTP status. */
export const ERROR_STATUS = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  aborted: 409,
  /** A client too old for the server (an outdated runner). */
  "failed-precondition": 412,
  "resource-exhausted": 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  "deadline-exceeded": 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer. */
export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };

export function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  return (entry?.[0] as ErrorCode | undefined) ?? "internal";
}
