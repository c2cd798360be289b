import { ApiError } from "../api/api-errors.ts";
import { describeApiError } from "../api/describe-error.ts";
import { RunnerApi } from "../api/runner-api.ts";
import { parseOptions } from "../cli/parse.ts";
import { printLine } from "../cli/output.ts";
import { resolveConfigDir } from "../config/config-dir.ts";
import { configFilePath, removeRunnerConfig, requireRunnerConfig } from "../config/runner-config.ts";
import { RunnerError } from "../errors.ts";

export const UNREGISTER_HELP = `Usage: flowdeck-runner unregister [--config <dir>] [--force]

Revokes this runner in Flowdeck and deletes its runner.json.

  --force    delete runner.json even when Flowdeck cannot be reached
             (then revoke the runner under Administration → Runners)`;

export async function unregister(args: string[]): Promise<number> {
  const values = parseOptions("unregister", args, { config: { type: "string" }, force: { type: "boolean" } });
  const dir = resolveConfigDir(values.config);
  const config = await requireRunnerConfig(dir);
  const file = configFilePath(dir);
  try {
    await new RunnerApi(config.url, config.secret).unregister();
    await removeRunnerConfig(dir);
    printLine(`Unregistered "${config.name}": Flowdeck revoked it, and ${file} was deleted.`);
    return 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !error.notFlowdeck) {
      await removeRunnerConfig(dir);
      printLine(`"${config.name}" was already revoked in Flowdeck; ${file} was deleted.`);
      return 0;
    }
    if (values.force) {
      await removeRunnerConfig(dir);
      printLine(`${describeApiError(error, config.url)}`);
      printLine(`${file} was deleted anyway (--force); revoke "${config.name}" under Administration → Runners.`);
      return 0;
    }
    throw new RunnerError(
      `${describeApiError(error, config.url)} Nothing was changed; --force deletes ${file} without asking Flowdeck.`,
    );
  }
}
