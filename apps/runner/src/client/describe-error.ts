import { ApiError, UnexpectedAnswerError, UnreachableError } from "../api/api-errors.ts";
import { describeUnreachable } from "../api/describe-error.ts";
import { RunnerError } from "../errors.ts";
import { EXIT } from "./exit-codes.ts";

/**
 * An error of a call to Flowdeck as the one line the person reads, with its exit code: no answer
 * or a refused token → EXIT.unreachable; a request Flowdeck found wrong (400, 404) → EXIT.usage,
 * naming the fields; the rest → EXIT.failed.
 */
export function toCliError(error: unknown, url: string): RunnerError {
  if (error instanceof RunnerError) return error;
  if (error instanceof UnreachableError) return new RunnerError(describeUnreachable(error, url), EXIT.unreachable);
  if (error instanceof UnexpectedAnswerError) {
    return new RunnerError(
      `${url} answered, but not like Flowdeck (HTTP ${error.status}). Check FLOWDECK_URL: it is the address you open Flowdeck at.`,
      EXIT.unreachable,
    );
  }
  if (!(error instanceof ApiError)) return new RunnerError((error as Error)?.message ?? String(error), EXIT.failed);
  if (error.notFlowdeck) {
    return new RunnerError(
      `${url} does not answer like Flowdeck (${error.message}). Check FLOWDECK_URL: it is the address you open Flowdeck at.`,
      EXIT.unreachable,
    );
  }
  if (error.status === 401) {
    return new RunnerError(
      `Flowdeck at ${url} refused the token (${error.message}): it is unknown, expired or revoked. Check FLOWDECK_TOKEN, or create a new one under Administration → API tokens.`,
      EXIT.unreachable,
    );
  }
  if (error.status === 403) {
    return new RunnerError(
      `Flowdeck refused: ${error.message} (the token's role is too low for this; running and cancelling need an editor token).`,
      EXIT.unreachable,
    );
  }
  const fields = Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`);
  const detail = fields.length > 0 ? ` (${fields.join("; ")})` : "";
  if (error.status === 400 || error.status === 404) {
    return new RunnerError(`Flowdeck refused the request: ${error.message}${detail}`, EXIT.usage);
  }
  if (error.status >= 500) {
    return new RunnerError(`Flowdeck at ${url} has a problem (HTTP ${error.status}): ${error.message}`, EXIT.failed);
  }
  return new RunnerError(`Flowdeck refused the request (HTTP ${error.status}): ${error.message}${detail}`, EXIT.failed);
}
