import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
// The built program, as `npx flowdeck-runner` runs it from a checkout.
const RUNNER_BIN = path.join(ROOT, "apps/runner/bin/flowdeck-runner.js");

/**
 * Registers `count` real runner programs with the organization (each with a registration token
 * from the Runners page's route and its own config directory) and starts them. `stop()` sends each
 * its SIGTERM by pid, then SIGKILL to any still running after 10 s, and removes the directories.
 */
export async function startRunners({ url, api, count, namePrefix = "bench-runner", concurrency = 1 }) {
  const runners = [];
  const stop = async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
  };
  try {
    for (let index = 0; index < count; index++) {
      const configDir = mkdtempSync(path.join(tmpdir(), "flowdeck-bench-runner-"));
      const { token } = await api("POST", "/runners/registration-tokens");
      const env = { ...process.env, FLOWDECK_RUNNER_CONFIG: configDir };
      await promisify(execFile)(
        process.execPath,
        [RUNNER_BIN, "register", "--url", url, "--token", token, "--name", `${namePrefix}-${index + 1}`],
        { cwd: ROOT, env },
      );
      // BENCH_RUNNER_CPU_PROFILE=<dir>: each runner program writes a V8 CPU profile there when it stops.
      const profile = process.env.BENCH_RUNNER_CPU_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_RUNNER_CPU_PROFILE)}`]
        : [];
      const child = spawn(process.execPath, [...profile, RUNNER_BIN, "start", "--concurrency", String(concurrency)], {
        cwd: ROOT,
        env,
        stdio: "ignore",
      });
      runners.push({ pid: child.pid, stop: () => stopChild(child, configDir) });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pids: runners.map((runner) => runner.pid), stop };
}

async function stopChild(child, configDir) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    process.kill(child.pid, "SIGTERM");
    const timer = setTimeout(() => process.kill(child.pid, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(configDir, { recursive: true, force: true });
}
