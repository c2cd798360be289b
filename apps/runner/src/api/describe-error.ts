import { ApiError, UnexpectedAnswerError, UnreachableError } from "./api-errors.ts";
import { runnerPackageUrl } from "@flowdeck/shared/runners/install";
import { RUNNER_VERSION } from "../version.ts";

/**
 * How to get the runner the server at `url` serves, of its version, from it, never from a registry.
 * npx keeps what it first fetched from a URL, so the npx command names the version's own URL.
 */
export function updateHint(url: string, serverVersion: string | null): string {
  const npx = serverVersion ? ` or run it with npx -y ${runnerPackageUrl(url, serverVersion)},` : "";
  return `Update it: npm install -g ${runnerPackageUrl(url)},${npx} or git pull && npm install in the Flowdeck checkout.`;
}

/** A runner older than its server still works, and says so once, with the command that updates it. */
export function olderThanServer(serverVersion: string, url: string): string {
  return `This runner (version ${RUNNER_VERSION}) is older than Flowdeck at ${url} (version ${serverVersion}). ${updateHint(url, serverVersion)}`;
}

/** Why a request got no answer, in words. */
export function describeUnreachable(error: UnreachableError, url: string): string {
  const host = safeHost(url);
  switch (error.reason) {
    case "ECONNREFUSED":
      return `Cannot reach Flowdeck at ${url}: the connection was refused. Is the server running, and is the URL right?`;
    case "ENOTFOUND":
      return `Cannot reach Flowdeck at ${url}: the host "${host}" is unknown. Check the URL.`;
    case "EAI_AGAIN":
      return `Cannot reach Flowdeck at ${url}: the host "${host}" cannot be looked up right now (DNS).`;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
      return `Cannot reach Flowdeck at ${url}: no answer in time.`;
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return `Cannot reach Flowdeck at ${url}: the connection was closed before an answer.`;
  }
  if (error.permanent) {
    return `Cannot reach Flowdeck at ${url} securely: ${error.message}. Check the URL and the server's TLS certificate.`;
  }
  return `Cannot reach Flowdeck at ${url}: ${error.message}.`;
}

/**
 * The one-line message for an error from a runner call. `registering`: the call was `register`, so a
 * 401 means the registration token, not the runner's credential.
 */
export function describeApiError(error: unknown, url: string, options: { registering?: boolean } = {}): string {
  if (error instanceof UnreachableError) return describeUnreachable(error, url);
  if (error instanceof UnexpectedAnswerError) {
    return `${url} answered, but not like Flowdeck's runner API (HTTP ${error.status}). Check the URL: it is the address you open Flowdeck at.`;
  }
  if (!(error instanceof ApiError)) return (error as Error)?.message ?? String(error);
  if (error.notFlowdeck) {
    return `${url} does not answer like Flowdeck's runner API (${error.message}). Check the URL: it is the address you open Flowdeck at.`;
  }
  if (error.status === 412)
    return `This runner (version ${RUNNER_VERSION}) is too old for this Flowdeck: ${error.message} ${updateHint(url, error.serverVersion)}`;
  if (error.status === 401) {
    return options.registering
      ? `The registration token was refused: it is unknown, already used, or more than an hour old. Create a new one in Flowdeck under Administration → Runners. (${error.message})`
      : "Flowdeck refused this runner's credential: the runner was revoked or unregistered. Register it again with a new token (flowdeck-runner register).";
  }
  if (error.status === 404 && error.code === "not-found" && options.registering) {
    return `${url} is Flowdeck but has no runner API (${error.message}): it may be too old for runners. Check the URL or update the server.`;
  }
  if (error.status === 429) return `Flowdeck at ${url} asks to slow down: ${error.message}`;
  if (error.status >= 500) return `Flowdeck at ${url} has a problem (HTTP ${error.status}): ${error.message}`;
  return `Flowdeck refused the request (HTTP ${error.status}): ${error.message}`;
}

/** A refusal that means this runner must stop altogether: revoked credential, or too old. */
export function stopsTheRunner(error: unknown): boolean {
  return error instanceof ApiError && !error.notFlowdeck && (error.status === 401 || error.status === 412);
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
