import packageJson from "../package.json" with { type: "json" };

/** Sent on every call (Flowdeck-Runner-Version): the server refuses a runner older than it supports. */
export const RUNNER_VERSION: string = packageJson.version;
