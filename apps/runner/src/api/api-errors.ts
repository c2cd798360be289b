/** The server answered with an error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The error code of Flowdeck's error shape; null when the answer was not in that shape. */
    readonly code: string | null,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds from a Retry-After header, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
    /** The server's version (its Flowdeck-Version header), when it said it. */
    readonly serverVersion: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when the answer did not come from Flowdeck's runner API (a wrong URL, a proxy page). */
  get notFlowdeck(): boolean {
    return this.code === null;
  }
}

/** The request never got an answer: no connection, DNS failure, TLS failure, timeout. */
export class UnreachableError extends Error {
  constructor(
    /** The system error code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, …) when there is one. */
    readonly reason: string | null,
    message: string,
  ) {
    super(message);
    this.name = "UnreachableError";
  }

  /** A bad certificate or an unknown host does not fix itself by waiting. */
  get permanent(): boolean {
    return this.reason !== null && (this.reason === "ENOTFOUND" || /CERT|SSL|TLS|SELF_SIGNED|VERIFY/.test(this.reason));
  }
}

/** The server answered 2xx with a body that is not what the protocol says (not Flowdeck, or a proxy). */
export class UnexpectedAnswerError extends Error {
  constructor(readonly status: number) {
    super(`unexpected answer (HTTP ${status})`);
    this.name = "UnexpectedAnswerError";
  }
}

/** Worth trying again later: the server is down, overloaded or restarting. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof UnreachableError) return !error.permanent;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return false;
}
