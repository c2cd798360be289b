import { codeForStatus, MESSAGES, type ErrorBody, type ErrorCode } from "@flowdeck/shared";
import { TWO_FACTOR_MESSAGES } from "@flowdeck/shared/auth/two-factor";
import { errorBody } from "../../lib/error-body.ts";

/** better-auth's error codes whose text the specification words its own way. */
const SPEC_MESSAGES: Partial<Record<string, string>> = {
  INVALID_EMAIL: MESSAGES.emailInvalid,
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShortRegister,
  INVALID_TOKEN: MESSAGES.resetLinkInvalid,
  TOKEN_EXPIRED: MESSAGES.resetLinkInvalid,
  // better-call's schema messages name internals ("[body.email] Invalid input: …").
  VALIDATION_ERROR: MESSAGES.invalidRequest,
  INVALID_CODE: TWO_FACTOR_MESSAGES.invalidCode,
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.invalidBackupCode,
  INVALID_PASSWORD: TWO_FACTOR_MESSAGES.invalidPassword,
};

const PROVIDER_NAMES: Partial<Record<string, string>> = { google: "Google", github: "GitHub" };

/**
 * Turns a better-auth error answer (`{ code, message }`, or `{ message }` from its rate limiter)
 * into Flowdeck's one error shape, with the specification's text where it has one.
 */
export function toErrorBody(status: number, payload: unknown, request: { provider?: unknown }): ErrorBody {
  const { code: reason, message } = readPayload(payload);
  const code = errorCode(status);
  if (status >= 500) return errorBody(code, status === 503 ? MESSAGES.unavailable : MESSAGES.internal);
  if (status === 429) return errorBody(code, MESSAGES.tooManyAttempts);
  if (reason === "PROVIDER_NOT_FOUND" && typeof request.provider === "string") {
    const name = PROVIDER_NAMES[request.provider];
    if (name) return errorBody(code, MESSAGES.oauthLogin(name));
  }
  const text = (reason && SPEC_MESSAGES[reason]) ?? message ?? fallbackMessage(status);
  return errorBody(code, text);
}

function readPayload(payload: unknown): { code?: string; message?: string } {
  if (typeof payload !== "object" || payload === null) return {};
  const { code, message } = payload as Record<string, unknown>;
  return {
    code: typeof code === "string" ? code : undefined,
    message: typeof message === "string" && message.trim() !== "" ? message : undefined,
  };
}

function errorCode(status: number): ErrorCode {
  if (status >= 500) return status === 503 ? "unavailable" : "internal";
  const code = codeForStatus(status);
  // Statuses outside the specification's table (better-auth uses 422, for one) are bad requests.
  return code === "internal" ? "invalid-argument" : code;
}

function fallbackMessage(status: number): string {
  return status === 404 ? MESSAGES.notFound : MESSAGES.invalidRequest;
}
