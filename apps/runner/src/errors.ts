/**
 * An error whose message is meant for the person at the terminal: one line that says what went
 * wrong and what to do. The program prints it as it is, never with a stack trace.
 */
export class RunnerError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "RunnerError";
  }
}

/** The server refused the runner itself (revoked credential, too-old version): the program stops. */
export class RunnerStoppedError extends RunnerError {}
