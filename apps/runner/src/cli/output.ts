/** Lines the long-running `start` prints: a timestamp each, so a service log reads on its own. */
export function timestamped(write: (line: string) => void): (message: string) => void {
  return (message) => write(`${new Date().toISOString()} ${message}`);
}

export const printLine = (line: string) => void write(process.stdout, `${line}\n`);
export const printError = (line: string) => void write(process.stderr, `${line}\n`);

const closed = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that stops early (`flowdeck-runner status | head -3`) closes the pipe: what is left to
 * print has nobody to read it, so it is dropped without a word, and the command goes on to its own
 * end and exit code (a runner started with its output piped keeps executing runs). Other write
 * errors stay errors.
 */
export function quietOnClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      closed.add(stream);
    });
  }
}

function write(stream: NodeJS.WriteStream, text: string): void {
  if (!closed.has(stream)) stream.write(text);
}
