import { renderHook } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "@/lib/session/get-me.ts";
import { LIVE_REFRESH, type LiveEntity, type QueryFamily } from "@flowdeck/shared";
import { notificationKeys } from "@/features/notifications/api/notification-keys.ts";
import { runKeys } from "@/features/runs/api/run-keys.ts";
import { orgKey } from "@/lib/org-api.ts";
import { createTestQueryClient } from "@/testing/render.tsx";
import { useLiveUpdates } from "./use-live-updates.ts";

/**
 * The browser's EventSource, driven by the test: the server's side of the stream is covered by the
 * API tests (apps/server/test/live-events.test.ts); here, what the hook does with what arrives.
 */
class TestEventSource {
  static opened: TestEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, (message: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  announce(entity: string) {
    this.listeners.get("change")?.(new MessageEvent("change", { data: JSON.stringify({ entity }) }));
  }
}

function renderLiveUpdates(orgId: string | null) {
  const queryClient = createTestQueryClient();
  const keys = [orgKey("org-1", "task", "list"), orgKey("org-1", "member", "list", 1), meQueryKey];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  const stale = () =>
    keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[2] ?? key[0]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useLiveUpdates(orgId), { wrapper });
  return { ...view, stale };
}

describe("useLiveUpdates", () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal("EventSource", TestEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("listens to the organization's stream, and to nothing without an organization", () => {
    renderLiveUpdates(null);
    expect(TestEventSource.opened).toHaveLength(0);
    const { unmount } = renderLiveUpdates("org-1");
    expect(TestEventSource.opened.map((source) => source.url)).toEqual(["/api/orgs/org-1/events"]);
    unmount();
    expect(TestEventSource.opened[0]?.closed).toBe(true);
  });

  it("refreshes the announced entity's queries, and the signed-in user on a member change", () => {
    const { stale } = renderLiveUpdates("org-1");
    const source = TestEventSource.opened[0]!;
    source.announce("task");
    expect(stale()).toEqual(["task"]);
    source.announce("member");
    expect(stale()).toEqual(["task", "member", "me"]);
  });

  it("reconnects with a growing delay, and refreshes everything once back", () => {
    const { stale } = renderLiveUpdates("org-1");
    const first = TestEventSource.opened[0]!;
    first.onopen?.();
    first.onerror?.();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(TestEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = TestEventSource.opened[1]!;
    second.onerror?.();
    vi.advanceTimersByTime(1999);
    expect(TestEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = TestEventSource.opened[2]!;
    expect(stale()).toEqual([]);
    // Events may have been missed while away: every query of the organization is read again.
    third.onopen?.();
    expect(stale()).toEqual(["task", "member"]);
  });

  it("refreshes exactly the families of the shared table for every entity the server announces", () => {
    const families = [...new Set(Object.values(LIVE_REFRESH).flat())].filter(
      (family): family is Exclude<QueryFamily, "run-view"> => family !== "me",
    );
    for (const entity of Object.keys(LIVE_REFRESH) as LiveEntity[]) {
      const queryClient = createTestQueryClient();
      const keys = [...families.map((family) => orgKey("org-1", family, "seeded")), meQueryKey];
      for (const key of keys) queryClient.setQueryData(key, { seeded: true });
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      const { unmount } = renderHook(() => useLiveUpdates("org-1"), { wrapper });
      TestEventSource.opened.at(-1)!.announce(entity);
      const stale = keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[2] ?? key[0]);
      expect(stale.sort(), entity).toEqual([...LIVE_REFRESH[entity]].sort());
      unmount();
    }
  });

  it("refreshes an open Notifications page when a rule changes, and no run view on a run's change", () => {
    const queryClient = createTestQueryClient();
    const rules = notificationKeys.rules("org-1");
    const runView = runKeys.run("org-1", "run-1");
    queryClient.setQueryData(rules, { seeded: true });
    queryClient.setQueryData(runView, { seeded: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useLiveUpdates("org-1"), { wrapper });
    const source = TestEventSource.opened.at(-1)!;
    source.announce("notificationRule");
    expect(queryClient.getQueryState(rules)?.isInvalidated).toBe(true);
    source.announce("run");
    source.announce("workflow");
    // The run view lives on its own stream (use-run-stream.ts).
    expect(queryClient.getQueryState(runView)?.isInvalidated).toBe(false);
  });
});
