/** What people and runners are told about runners. */
export const RUNNER_MESSAGES = {
  cannotManage: "You need admin role or higher to manage runners",
  notFound: "Runner not found",
  runNotFound: "Run not found",
  missingSecret: "This call needs the runner's credential (Authorization: Bearer fdrs_…)",
  unknownSecret: "This runner is not registered with Flowdeck or was revoked. Register it again with a new token.",
  badRegistrationToken:
    "This registration token is unknown, already used or expired. Create a new one on the Runners page.",
  missingVersion: "Every runner call must say its version (Flowdeck-Runner-Version)",
  tooOld: (minimum: string, version: string) =>
    `This runner (version ${version}) is too old for this server: update flowdeck-runner to ${minimum} or later`,
  logGap: "A log batch is missing: send from the batch the server expects next",
  runNotRunning: "This run is not running",
  cannotCancel: "Only a queued or running run can be cancelled",
  noCommandsForPlatform: "This workflow has no command for that platform",
  noCommandsAnywhere:
    "This workflow has no command for any platform, so no runner could run it: run it as a checklist, or give its commands a command line",
  checklistHasNoPlatform: "A checklist runs on no platform: leave the platform out, or ask for an executed run",
  revoked: "Runner revoked",
  logTruncated: (megabytes: number) => `[flowdeck] Output truncated: this run's log reached its ${megabytes} MB limit.`,
} as const;
