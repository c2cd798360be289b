// Retention (decision 029): how long an organization keeps runs, and how many per workflow; zod-free,
// as the permission table (read by every screen) names its message.
export const RETENTION_DEFAULTS = { keepRunsDays: 90, maxRunsPerWorkflow: 1_000 } as const;

export const RETENTION_MESSAGES = {
  cannotManage: "Only owners change how long runs are kept",
  daysInvalid: "Keep runs for 1 to 3,650 days",
  maxRunsInvalid: "Keep 10 to 100,000 runs per workflow",
} as const;
