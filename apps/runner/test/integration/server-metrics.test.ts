import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRun, queueRun, registerRunner, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker, waitFor } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

/**
 * GET /metrics after a real run: the runner program registers, claims a run and sends its output
 * to the real server; every metric family the operator's dashboard reads is then there, and no
 * label carries an id or anything the organization typed.
 */
const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;
const RUNNER_NAME = "metrics-box-7f3a";

beforeAll(async () => {
  flowdeck = await startFlowdeck();
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-metrics-"));
});
afterAll(async () => {
  processes.killAll();
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format's samples (names, labels, values) and its families (# TYPE lines). */
function parse(text: string) {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) families.set(type[1]!, type[2]!);
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { families, samples };
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((total, sample) => total + sample.value, 0);

async function scrape() {
  const response = await fetch(`${flowdeck.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

describe("GET /metrics after a real run", () => {
  it("has every family, counts the run, its claim, its output and its requests, and no label names anything", async () => {
    const registered = await registerRunner(flowdeck, configDir, RUNNER_NAME);
    expect(registered.code).toBe(0);
    const runner = startRunner(["start", "--config", configDir]);
    processes.track(runner.pid);
    const runId = await queueRun(flowdeck, ['echo "metrics output line"']);
    const { client, organizationId } = flowdeck.owner;
    await waitFor(
      async () => (await getRun(client, organizationId, runId)).status === "succeeded",
      30_000,
      "the run to succeed",
    );

    const { families, samples } = await scrape();
    expect(Object.fromEntries([...families].filter(([name]) => name.startsWith("flowdeck_")))).toEqual({
      flowdeck_http_requests_total: "counter",
      flowdeck_http_request_duration_seconds: "histogram",
      flowdeck_runs_started_total: "counter",
      flowdeck_runs_ended_total: "counter",
      flowdeck_run_claim_latency_seconds: "histogram",
      flowdeck_runner_claim_looks_total: "counter",
      flowdeck_runs_queued: "gauge",
      flowdeck_runs_oldest_queued_age_seconds: "gauge",
      flowdeck_runners_online: "gauge",
      flowdeck_run_log_bytes_stored_total: "counter",
      flowdeck_notification_deliveries_total: "counter",
      flowdeck_scheduler_lag_seconds: "histogram",
      flowdeck_db_pool_connections_in_use: "gauge",
      flowdeck_db_pool_waiting: "gauge",
      flowdeck_db_pool_size: "gauge",
    });
    // Process metrics (prom-client's defaults).
    for (const name of ["process_cpu_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds"]) {
      expect(families.has(name), name).toBe(true);
    }

    expect(sum(samples, "flowdeck_runs_started_total", { trigger: "manual", kind: "executed" })).toBe(1);
    expect(
      sum(samples, "flowdeck_runs_ended_total", { status: "succeeded", trigger: "manual", kind: "executed" }),
    ).toBe(1);
    expect(sum(samples, "flowdeck_run_claim_latency_seconds_count")).toBe(1);
    expect(sum(samples, "flowdeck_runner_claim_looks_total", { found: "true" })).toBe(1);
    expect(sum(samples, "flowdeck_run_log_bytes_stored_total")).toBeGreaterThanOrEqual("metrics output line\n".length);
    expect(sum(samples, "flowdeck_runners_online", { os: "linux" })).toBe(1);
    expect(sum(samples, "flowdeck_runs_queued")).toBe(0);
    expect(sum(samples, "flowdeck_db_pool_size")).toBe(1);
    // Requests by route pattern, never by the raw URL with its ids.
    expect(
      sum(samples, "flowdeck_http_requests_total", {
        route: "/api/runner/v1/runs/:runId/complete",
        method: "POST",
        status: "200",
      }),
    ).toBe(1);
    expect(sum(samples, "flowdeck_http_requests_total", { route: "/api/runner/v1/jobs/claim" })).toBeGreaterThan(0);
    expect(
      sum(samples, "flowdeck_http_request_duration_seconds_count", { route: "/api/orgs/:orgId/runs/:runId" }),
    ).toBeGreaterThan(0);

    const values = samples.flatMap((sample) => Object.values(sample.labels));
    const typed = [RUNNER_NAME, "Acme Operations", "Step 1", flowdeck.owner.email, runId, organizationId];
    const offending = values.filter(
      (value) =>
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(value) ||
        /(^|\/)[0-9a-f]{16,}($|\/)/i.test(value) ||
        /fdrs?_/.test(value) ||
        typed.some((name) => value.includes(name)),
    );
    expect(offending).toEqual([]);
  });

  it("has every metric the Grafana dashboard reads", async () => {
    const dashboard = await readFile(
      path.resolve(import.meta.dirname, "../../../../docs/grafana-dashboard.json"),
      "utf8",
    );
    const read = new Set([...dashboard.matchAll(/\b((?:flowdeck|process|nodejs)_\w+)/g)].map((match) => match[1]!));
    expect(read.size).toBeGreaterThan(12);
    const { families } = await scrape();
    const missing = [...read].filter(
      (name) => !families.has(name) && !families.has(name.replace(/_(bucket|count|sum)$/, "")),
    );
    expect(missing).toEqual([]);
  });

  it("counts a request no route matched without its URL", async () => {
    const secretLookingPath = "/no-such-file-6c1d2e.txt";
    expect((await fetch(`${flowdeck.url}${secretLookingPath}`)).status).toBe(404);
    const { samples } = await scrape();
    const values = samples.flatMap((sample) => Object.values(sample.labels));
    expect(values.filter((value) => value.includes("6c1d2e"))).toEqual([]);
  });
});
