import type { Runner } from "@flowdeck/shared/runners/schemas";

/** A runner as the list answers it, online on Linux with no labels, for the runners' component tests. */
export function aRunner(name: string, values: Partial<Runner> = {}): Runner {
  return {
    id: name,
    name,
    os: "linux",
    arch: "x64",
    labels: [],
    declaredLabels: [],
    version: "0.1.0",
    lastSeenAt: "2026-11-27T10:00:00.000Z",
    online: true,
    revokedAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    currentRun: null,
    ...values,
  };
}
