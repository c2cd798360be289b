/** Lines the long-running `start` prints: a timestamp each, so a service log reads on its own. */
export function timestamped(write: (line: string) => void): (message: string) => void {
  return (message) => write(`${new Date().toISOString()} ${message}`);
}

export const printLine = (line: string) => void process.stdout.write(`${line}\n`);
export const printError = (line: string) => void process.stderr.write(`${line}\n`);
