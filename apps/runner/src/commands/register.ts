import os from "node:os";
import { REGISTRATION_TOKEN_PREFIX, RunnerLabelsSchema, RunnerNameSchema } from "@flowdeck/shared/runners/protocol";
import { describeApiError } from "../api/describe-error.ts";
import { RunnerApi } from "../api/runner-api.ts";
import { parseOptions, USAGE_EXIT_CODE } from "../cli/parse.ts";
import { runnerCommand } from "../cli/invocation.ts";
import { printError, printLine } from "../cli/output.ts";
import { resolveConfigDir } from "../config/config-dir.ts";
import { configFilePath, readRunnerConfig, writeRunnerConfig } from "../config/runner-config.ts";
import { RunnerError } from "../errors.ts";
import { detectArch, detectPlatform, platformLabel } from "../platform.ts";
import { RUNNER_VERSION } from "../version.ts";

export const REGISTER_HELP = `Usage: flowdeck-runner register --url <Flowdeck address> --token <fdr_…> [options]

Registers this machine as a runner of your organization, with a registration token from
Administration → Runners (valid 1 hour, once), and saves its credentials in runner.json.

  --url <address>     the address you open Flowdeck at, e.g. https://flowdeck.example.com
  --token <fdr_…>     the registration token
  --name <name>       the runner's name (default: this machine's host name)
  --labels <a,b>      labels that workflows can ask for (lowercase, comma-separated)
  --config <dir>      where to keep runner.json (default: see flowdeck-runner help)`;

/** The Flowdeck address as given, checked and without a trailing slash, query or fragment. */
export function normalizeUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RunnerError(
      `--url "${value}" is not an address: use the one you open Flowdeck at, like https://flowdeck.example.com`,
      USAGE_EXIT_CODE,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new RunnerError(`--url must start with https:// or http:// (got "${value}").`, USAGE_EXIT_CODE);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function parseLabels(value: string | undefined): string[] {
  if (value === undefined) return [];
  const labels = value
    .split(",")
    .map((label) => label.trim())
    .filter(Boolean);
  const parsed = RunnerLabelsSchema.safeParse(labels);
  if (!parsed.success) throw new RunnerError(`--labels: ${parsed.error.issues[0]!.message}.`, USAGE_EXIT_CODE);
  return parsed.data;
}

function parseName(value: string | undefined): string {
  const parsed = RunnerNameSchema.safeParse(value ?? os.hostname());
  if (!parsed.success) throw new RunnerError(`--name: ${parsed.error.issues[0]!.message}.`, USAGE_EXIT_CODE);
  return parsed.data;
}

const isLocal = (url: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);

export async function register(args: string[]): Promise<number> {
  const values = parseOptions("register", args, {
    url: { type: "string" },
    token: { type: "string" },
    name: { type: "string" },
    labels: { type: "string" },
    config: { type: "string" },
  });
  if (!values.url) throw new RunnerError("--url is required: the address you open Flowdeck at.", USAGE_EXIT_CODE);
  if (!values.token) {
    throw new RunnerError(
      "--token is required: create one in Flowdeck under Administration → Runners.",
      USAGE_EXIT_CODE,
    );
  }
  const url = normalizeUrl(values.url);
  const token = values.token.trim();
  if (!token.startsWith(REGISTRATION_TOKEN_PREFIX)) {
    throw new RunnerError(
      `That is not a registration token: they start with ${REGISTRATION_TOKEN_PREFIX}. Copy the command shown under Administration → Runners.`,
      USAGE_EXIT_CODE,
    );
  }
  const name = parseName(values.name);
  const labels = parseLabels(values.labels);
  const dir = resolveConfigDir(values.config);
  const existing = await readRunnerConfig(dir);
  if (existing) {
    throw new RunnerError(
      `This machine is already registered as "${existing.name}" with ${existing.url} (${configFilePath(dir)}). ` +
        `Run ${runnerCommand({ serverUrl: existing.url })} unregister first, or use --config <dir> for another runner.`,
    );
  }

  const platform = detectPlatform();
  const arch = detectArch();
  if (!isLocal(url) && url.startsWith("http:")) {
    printError(`Warning: ${url} is not HTTPS, so the runner's credential travels unencrypted.`);
  }
  let registered;
  try {
    registered = await new RunnerApi(url).register({
      token,
      name,
      labels,
      os: platform,
      arch,
      version: RUNNER_VERSION,
    });
  } catch (error) {
    throw new RunnerError(describeApiError(error, url, { registering: true }));
  }

  const file = await writeRunnerConfig(dir, {
    url,
    runnerId: registered.runnerId,
    secret: registered.secret,
    name: registered.name,
    labels,
    os: platform,
    arch,
    organizationId: registered.organizationId,
    organizationName: registered.organizationName,
    registeredAt: new Date().toISOString(),
  });
  const configOption = values.config ? ` --config ${JSON.stringify(dir)}` : "";
  printLine(
    `Registered "${registered.name}" (${platformLabel(platform)}, ${arch}) as a runner of ${registered.organizationName}.`,
  );
  printLine(`Its credentials are in ${file} (readable only by you).`);
  printLine(`Start it with: ${runnerCommand({ serverUrl: url })} start${configOption}`);
  return 0;
}
