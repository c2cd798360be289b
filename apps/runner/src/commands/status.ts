import { describeApiError } from "../api/describe-error.ts";
import { RunnerApi } from "../api/runner-api.ts";
import { parseOptions } from "../cli/parse.ts";
import { printLine } from "../cli/output.ts";
import { resolveConfigDir } from "../config/config-dir.ts";
import { configFilePath, requireRunnerConfig } from "../config/runner-config.ts";
import { RunnerError } from "../errors.ts";
import { platformLabel } from "../platform.ts";
import { RUNNER_VERSION } from "../version.ts";

export const STATUS_HELP = `Usage: flowdeck-runner status [--config <dir>]

Shows this runner's registration and asks Flowdeck whether it still accepts it.`;

export async function status(args: string[]): Promise<number> {
  const values = parseOptions("status", args, { config: { type: "string" } });
  const dir = resolveConfigDir(values.config);
  const config = await requireRunnerConfig(dir);
  printLine(`Runner:       ${config.name} (${config.runnerId})`);
  printLine(`Flowdeck:     ${config.url}, organization ${config.organizationName}`);
  printLine(`Platform:     ${platformLabel(config.os)}, ${config.arch}`);
  printLine(`Labels:       ${config.labels.length > 0 ? config.labels.join(", ") : "none"}`);
  printLine(`Version:      ${RUNNER_VERSION}`);
  printLine(`Credentials:  ${configFilePath(dir)}`);
  try {
    const self = await new RunnerApi(config.url, config.secret).self();
    const labels = self.labels.length > 0 ? self.labels.join(", ") : "none";
    printLine(`Flowdeck says: registered as "${self.name}" in ${self.organizationName} (labels: ${labels}).`);
    return 0;
  } catch (error) {
    throw new RunnerError(describeApiError(error, config.url));
  }
}
