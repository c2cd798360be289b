import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";

/**
 * Who is calling /api/runner/v1: a registered, unrevoked runner. Shaped to become
 * `request.actor = { kind: "runner", … }` when actors land (ARCHITECTURE "One actor").
 */
export type RunnerIdentity = {
  kind: "runner";
  id: string;
  organizationId: string;
  organizationName: string;
  name: string;
  os: RunnerPlatform;
  arch: string;
  labels: string[];
};
