/**
 * Flowdeck's version: the server's, and the runner's it serves (GET /runner/flowdeck-runner.tgz is
 * built with the server, from this same tree). A runner older than its server says so (docs/decisions/063).
 */
export const FLOWDECK_VERSION = "0.1.0";
