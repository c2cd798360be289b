import { FLOWDECK_VERSION } from "@flowdeck/shared/version";

/**
 * Sent on every call (Flowdeck-Runner-Version): the server refuses a runner older than it supports.
 * The runner is versioned with the server that serves it (docs/decisions/063).
 */
export const RUNNER_VERSION: string = FLOWDECK_VERSION;
