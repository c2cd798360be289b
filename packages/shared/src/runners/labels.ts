/**
 * A runner's labels as a workflow's selector sees them: those an admin set on the Runners page and
 * those the runner declared when it registered (decision 079), each once.
 */
export function labelsOfRunner(runner: { labels: readonly string[]; declaredLabels: readonly string[] }): string[] {
  return [...new Set([...runner.labels, ...runner.declaredLabels])];
}
