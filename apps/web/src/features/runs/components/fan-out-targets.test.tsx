import { TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestQueryClient, renderWithProviders } from "@/testing/render.tsx";
import { runKeys } from "../api/run-keys.ts";
import { canRetryFailed } from "../lib/fan-out.ts";
import { aRun, aTarget } from "../testing/run-fixture.ts";
import { FanOutTargets } from "./fan-out-targets.tsx";

/** The browser's EventSource, driven by the test: the run stream itself is covered end to end. */
class TestEventSource {
  static opened: TestEventSource[] = [];
  onerror: (() => void) | null = null;
  readyState = 1;
  private listeners = new Map<string, (message: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  log(text: string) {
    const items = [{ id: 1, position: 0, stream: "stdout", text }];
    act(() => this.listeners.get("log")?.(new MessageEvent("log", { data: JSON.stringify({ items }) })));
  }
}

const step = {
  id: "s-1",
  stepId: "st-1",
  position: 0,
  name: "Deploy release",
  status: "failed" as const,
  startedAt: null,
  finishedAt: null,
  command: "./deploy.sh",
  continueOnError: false,
  exitCode: 3,
  signal: null,
  retry: null,
  runIf: "success" as const,
  attempts: [],
  skipReason: null,
};

const targets = [
  aTarget({ id: "t-1", runnerName: "web-1" }),
  aTarget({ id: "t-2", runnerName: "web-2", status: "failed", exitCode: 3 }),
  aTarget({
    id: "t-3",
    runnerName: "web-3",
    platform: "windows",
    status: "skipped",
    exitCode: null,
    startedAt: null,
    endedAt: null,
    skipReason: TARGET_MESSAGES.offlineSkipped,
  }),
];
const fanOut = aRun({ status: "failed", platform: null, targets, finishedAt: "2026-11-28T09:00:05.000Z" });

function renderMatrix(run = fanOut) {
  const queryClient = createTestQueryClient();
  for (const target of targets) {
    queryClient.setQueryData(
      runKeys.run("org-1", target.id),
      aRun({ id: target.id, status: target.status, parentRunId: run.id, steps: [step] }),
    );
  }
  return renderWithProviders(<FanOutTargets orgId="org-1" run={run} canManageRunners />, { queryClient });
}

describe("a run on every matching runner", () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal("EventSource", TestEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows one row per target, with OS, status, exit code, duration and why one was skipped", () => {
    renderMatrix();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["web-1", "Linux", "Succeeded", "0", "2.5 s"],
      ["web-2", "Linux", "Failed", "3", "2.5 s"],
      ["web-3", "Windows", `Skipped${TARGET_MESSAGES.offlineSkipped}`, "—", "—"],
    ]);
  });

  it("shows the first failing target's output live, and another target's when its row is chosen", async () => {
    const { user } = renderMatrix();
    expect(screen.getByRole("button", { name: "web-2" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("heading", { name: "Output on web-2" })).toBeTruthy();
    expect(TestEventSource.opened.map((source) => source.url)).toEqual([
      "/api/orgs/org-1/runs/t-2/stream?after=0&tail=262144",
    ]);
    expect(screen.queryByRole("log")).toBeNull();
    // The output view draws only the lines in view, and happy-dom has no layout: the log's arrival is what shows.
    TestEventSource.opened[0]!.log("disk full\n");
    expect(await screen.findByRole("log", { name: "Output of Deploy release" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "web-1" }));
    expect(screen.getByRole("heading", { name: "Output on web-1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "web-1" }).getAttribute("aria-pressed")).toBe("true");
    expect(TestEventSource.opened.at(-1)?.url).toBe("/api/orgs/org-1/runs/t-1/stream?after=0&tail=262144");
    expect(screen.queryByRole("log")).toBeNull();

    await user.click(screen.getByRole("button", { name: "web-3" }));
    expect(screen.getByText(`Not run: ${TARGET_MESSAGES.offlineSkipped}`)).toBeTruthy();
  });

  it("says so when no runner matched, with the way to Runners", () => {
    renderMatrix(aRun({ status: "failed", platform: null, targets: [] }));
    expect(screen.getByText(/No runner had the workflow's labels/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Register or label a runner" }).getAttribute("href")).toBe(
      "/admin/runners",
    );
  });

  it("offers Retry failed targets only once the run ended with a target to retry", () => {
    expect(canRetryFailed(fanOut)).toBe(true);
    expect(canRetryFailed({ ...fanOut, status: "running" })).toBe(false);
    expect(canRetryFailed({ ...fanOut, targets: [targets[0]!, targets[2]!] })).toBe(false);
  });
});
