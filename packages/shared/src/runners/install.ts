/**
 * How a machine gets flowdeck-runner: from the Flowdeck it will work for, never from a public
 * registry (docs/decisions/063). The server serves its own runner as an npm package tarball with
 * everything bundled, so npx installs it with no registry and no checkout.
 */
export const RUNNER_PACKAGE_PATH = "/runner/flowdeck-runner.tgz";

/** Sent on every answer of the runner API: the server's version, so an older runner says it is. */
export const SERVER_VERSION_HEADER = "flowdeck-version";

/**
 * Where the server serves its runner; with `version`, under that version's own name (served for the
 * server's version only): npx keeps what it first fetched from a URL, so an update needs a new one.
 */
export function runnerPackageUrl(appUrl: string, version?: string): string {
  const base = appUrl.replace(/\/+$/, "");
  return version ? `${base}${versionedRunnerPackagePath(version)}` : `${base}${RUNNER_PACKAGE_PATH}`;
}

export function versionedRunnerPackagePath(version: string): string {
  return `/runner/flowdeck-runner-${version}.tgz`;
}

/** The commands the Register dialog and the README show, for a shell (Linux, macOS) and PowerShell. */
export function runnerInstallCommands(appUrl: string, token: string) {
  const url = appUrl.replace(/\/+$/, "");
  const runner = `-y ${runnerPackageUrl(url)}`;
  return {
    /** Linux and macOS: run once. */
    register: `npx ${runner} register --url ${url} --token ${token}`,
    /** Then, to execute runs (until stopped). */
    start: `npx ${runner} start`,
    /** Windows PowerShell: npx.cmd, which the default execution policy lets run (npx.ps1 it may not). */
    registerPowerShell: `npx.cmd ${runner} register --url ${url} --token ${token}`,
    startPowerShell: `npx.cmd ${runner} start`,
    /** A lasting install, for a service (systemd, launchd, a Windows service), and how to update it. */
    install: `npm install -g ${runnerPackageUrl(url)}`,
    installPowerShell: `npm.cmd install -g ${runnerPackageUrl(url)}`,
  };
}
