import type { LogStream, Job, RunControl } from "@flowdeck/shared/runners/protocol";
import { SecretMasker, type OutputMasker } from "@flowdeck/shared/secrets/masking";
import { ApiError, isRetryable } from "../api/api-errors.ts";
import { retrying } from "../api/backoff.ts";
import { describeApiError, stopsTheRunner } from "../api/describe-error.ts";
import type { RunnerApi } from "../api/runner-api.ts";
import { LogBatcher, type SendFailure } from "./log-batcher.ts";
import type { StopReason } from "./run-step.ts";

export type RunSessionOptions = {
  job: Job;
  api: RunnerApi;
  say: (message: string) => void;
  /** The server refused the runner itself (revoked, too old): the whole program stops. */
  onFatal: (error: unknown) => void;
  logBatcher?: { flushMs?: number; batchBytes?: number };
};

/**
 * A refusal of one log batch's content (400 and the like), not of the run: the run goes on. Only
 * the server saying the run is over — gone (404), no longer this runner's (409), the runner
 * revoked (401) or too old (412) — abandons it.
 */
function refusesTheBatchOnly(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 404, 409, 412].includes(error.status)
  );
}

/**
 * One run's conversation with the server: the calls about it (retried until acknowledged), its
 * heartbeat, its log batches, and what their answers mean — a cancel stops the run's processes and
 * is reported; a 404 or 409 means the run is no longer this runner's, and it is abandoned silently.
 */
export class RunSession {
  readonly logs: LogBatcher;
  /** The run's secret values never leave the machine: every line of output is masked first. */
  private readonly masker: SecretMasker;
  private readonly outputMaskers = new Map<string, OutputMasker>();
  /** The run's result is being reported: the answer's "finished" is expected, not a stop. */
  completing = false;
  private readonly cancel = new AbortController();
  private readonly abandon = new AbortController();
  private heartbeatInFlight = false;
  private warnedUnreachable = false;

  constructor(private readonly options: RunSessionOptions) {
    this.masker = new SecretMasker(Object.values(options.job.secrets));
    this.logs = new LogBatcher({
      ...options.logBatcher,
      send: async (batch) => {
        const answer = await options.api.sendLogs(this.runId, batch);
        this.obey(answer);
        return answer.nextSeq;
      },
      onSendError: (error) => this.logSendFailure(error),
    });
  }

  get runId(): string {
    return this.options.job.runId;
  }

  /** Aborted (with the StopReason) when the run's processes must stop. */
  get stopSignal(): AbortSignal {
    return this.cancel.signal;
  }

  get stopReason(): StopReason | null {
    return this.cancel.signal.aborted ? (this.cancel.signal.reason as StopReason) : null;
  }

  get abandoned(): boolean {
    return this.abandon.signal.aborted;
  }

  stop(reason: StopReason): void {
    if (!this.cancel.signal.aborted) this.cancel.abort(reason);
  }

  /** A text with the run's secrets masked (step outputs, before they are sent). */
  mask(text: string): string {
    return this.masker.mask(text);
  }

  /** Writes a line of the runner's own to the run's log (stream "system"). */
  system(position: number, line: string): void {
    this.logs.write(position, "system", this.masker.mask(`${line}\n`));
  }

  /** A step's output as it arrives; the end of a chunk that may begin a secret waits for the next. */
  output(position: number, stream: Exclude<LogStream, "system">, text: string): void {
    const key = `${position}:${stream}`;
    let masker = this.outputMaskers.get(key);
    if (!masker) this.outputMaskers.set(key, (masker = this.masker.stream()));
    this.logs.write(position, stream, masker.write(text));
  }

  /** The step's processes are done: what its output held back is sent (masked) now. */
  endOutput(position: number): void {
    for (const stream of ["stdout", "stderr"] as const) {
      const key = `${position}:${stream}`;
      const masker = this.outputMaskers.get(key);
      if (!masker) continue;
      this.logs.write(position, stream, masker.end());
      this.outputMaskers.delete(key);
    }
  }

  /**
   * Makes a call about the run, retried with backoff while the server cannot be reached. Resolves
   * with the answer, or null when the run was abandoned instead.
   */
  async call<T extends RunControl>(call: () => Promise<T>): Promise<T | null> {
    if (this.abandoned) return null;
    try {
      const answer = await retrying(call, {
        signal: this.abandon.signal,
        onRetry: (error, delayMs) => this.warnRetry(error, delayMs),
      });
      this.warnedUnreachable = false;
      this.obey(answer);
      return answer;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  /** One heartbeat; a missed one is not retried: the next comes in 3 s. */
  async heartbeat(): Promise<void> {
    if (this.heartbeatInFlight || this.abandoned) return;
    this.heartbeatInFlight = true;
    try {
      this.obey(await this.options.api.heartbeat(this.runId));
      this.warnedUnreachable = false;
    } catch (error) {
      if (isRetryable(error)) this.warnRetry(error, null);
      else this.fail(error);
    } finally {
      this.heartbeatInFlight = false;
    }
  }

  /** Ends the session: nothing more is sent. */
  close(): void {
    this.logs.stop();
    if (!this.abandon.signal.aborted) this.abandon.abort("closed");
  }

  private obey(control: RunControl): void {
    if (!control.cancel || this.stopReason || this.completing) return;
    const why =
      control.reason === "lost"
        ? "it was marked lost (no heartbeat in time)"
        : control.reason === "finished"
          ? "it has already ended"
          : "it was cancelled in Flowdeck";
    this.options.say(`Run ${this.runId}: stopping, ${why}.`);
    this.stop("cancelled");
  }

  private logSendFailure(error: unknown): SendFailure {
    if (this.abandoned) return { retry: false };
    const nextSeq = error instanceof ApiError && error.status === 409 ? Number(error.fields.nextSeq) : NaN;
    if (Number.isInteger(nextSeq) && nextSeq >= 1) return { retry: true, resendAs: nextSeq };
    if (isRetryable(error)) {
      this.warnRetry(error, null);
      return { retry: true };
    }
    if (refusesTheBatchOnly(error)) {
      this.options.say(`Run ${this.runId}: a batch of output was refused and left out (${error.message}).`);
      return { retry: false, refused: error.message };
    }
    this.fail(error);
    return { retry: false };
  }

  private fail(error: unknown): void {
    if (this.abandoned) return;
    if (stopsTheRunner(error)) {
      this.options.onFatal(error);
    } else {
      const message = describeApiError(error, this.options.api.baseUrl);
      this.options.say(`Run ${this.runId}: abandoned, the server no longer takes it (${message}).`);
    }
    this.stop("cancelled");
    this.abandon.abort("abandoned");
    this.logs.stop();
  }

  private warnRetry(error: unknown, delayMs: number | null): void {
    if (this.warnedUnreachable) return;
    this.warnedUnreachable = true;
    const when = delayMs === null ? "" : ` (next try in ${Math.ceil(delayMs / 1000)} s)`;
    this.options.say(`Run ${this.runId}: ${describeApiError(error, this.options.api.baseUrl)} Retrying${when}.`);
  }
}
