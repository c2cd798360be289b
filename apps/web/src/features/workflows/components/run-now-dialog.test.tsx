import { DEFAULT_TARGET } from "@flowdeck/shared/runs/targets";
import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { ParametersInputSchema } from "@flowdeck/shared/workflows/parameters";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { RunNowDialog } from "./run-now-dialog.tsx";

const parameters = ParametersInputSchema.parse([
  { name: "host", label: "Host", type: "text", required: true, default: "web-1", pattern: "web-\\d+", help: "Where" },
  { name: "count", label: "Count", type: "number", min: 1, max: 9, integer: true },
  { name: "dry_run", label: "Dry run", type: "boolean" },
  { name: "region", label: "Region", type: "choice", choices: ["eu", "us"], default: "eu" },
  { name: "zones", label: "Zones", type: "multichoice", choices: ["a", "b"] },
  { name: "day", label: "Day", type: "date" },
  { name: "notes", label: "Notes", type: "multiline" },
]);

const options: RunOptions = {
  platforms: [{ platform: "linux", runners: 1, runnersOnline: 1 }],
  labels: [],
  defaultPlatform: "linux",
  parameters,
  requiresApproval: false,
  confirmName: false,
  freeze: null,
  target: { ...DEFAULT_TARGET },
  runners: [{ id: "runner-1", name: "web-1", platform: "linux", online: true }],
};

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

function open(props: Partial<Parameters<typeof RunNowDialog>[0]> = {}) {
  const onRun = vi.fn();
  const view = renderWithProviders(
    <RunNowDialog workflowName="Deploy" options={options} busy={false} onRun={onRun} onClose={() => {}} {...props} />,
  );
  return { ...view, onRun };
}

describe("Run now's form, built from the declaration", () => {
  it("has a control per type, the defaults filled in, and sends the values the server's builder reads", async () => {
    const { user, onRun } = open();
    expect(valueOf(screen.getByRole("textbox", { name: "Host" }))).toBe("web-1");
    expect(screen.getByText("Where").id).toBe(
      screen.getByRole("textbox", { name: "Host" }).getAttribute("aria-describedby"),
    );
    expect(valueOf(screen.getByRole("combobox", { name: "Region" }))).toBe("eu");
    expect(screen.getByRole("checkbox", { name: "Dry run" })).toHaveProperty("checked", false);
    await user.type(screen.getByRole("spinbutton", { name: "Count" }), "3");
    await user.click(screen.getByRole("checkbox", { name: "Dry run" }));
    await user.click(screen.getByRole("checkbox", { name: "b" }));
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "one{Enter}two");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenCalledWith(
      "linux",
      {
        host: "web-1",
        count: 3,
        dry_run: true,
        region: "eu",
        zones: ["b"],
        day: null,
        notes: "one\ntwo",
      },
      {},
    );
  });

  it("says what is wrong under each field and runs nothing", async () => {
    const { user, onRun } = open();
    await user.clear(screen.getByRole("textbox", { name: "Host" }));
    await user.type(screen.getByRole("textbox", { name: "Host" }), "db-1");
    await user.type(screen.getByRole("spinbutton", { name: "Count" }), "12");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByText("Host must match the pattern web-\\d+")).toBeTruthy();
    expect(screen.getByText("Count must be at most 9")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Host" }).getAttribute("aria-invalid")).toBe("true");
    expect(onRun).not.toHaveBeenCalled();
  });

  it("Run again: filled with the run's own values", () => {
    open({ initialValues: { host: "web-7", count: 4, dry_run: true, zones: ["a"], day: "2026-12-31", notes: null } });
    expect(valueOf(screen.getByRole("textbox", { name: "Host" }))).toBe("web-7");
    expect(valueOf(screen.getByRole("spinbutton", { name: "Count" }))).toBe("4");
    expect(screen.getByRole("checkbox", { name: "Dry run" })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: "a" })).toHaveProperty("checked", true);
    expect(valueOf(screen.getByLabelText("Day"))).toBe("2026-12-31");
  });

  it("without parameters asks only where to run, and sends no values", async () => {
    const { user, onRun } = open({ options: { ...options, parameters: [] } });
    expect(screen.queryByRole("textbox")).toBeNull();
    await user.click(screen.getByRole("radio", { name: /As a checklist/ }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenCalledWith("checklist", undefined, {});
  });
});

describe("Run now for a guarded workflow (decision 067)", () => {
  it("asks for a note to approvers when the workflow requires approval", async () => {
    const { user, onRun } = open({ options: { ...options, parameters: [], requiresApproval: true } });
    await user.type(screen.getByRole("textbox", { name: "Note to approvers" }), "Ship 2.4");
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(onRun).toHaveBeenCalledWith("linux", undefined, { note: "Ship 2.4" });
  });

  it("keeps Run disabled until the workflow's name is typed exactly", async () => {
    const { user, onRun } = open({ options: { ...options, parameters: [], confirmName: true } });
    const run = screen.getByRole("button", { name: "Run" });
    const field = screen.getByRole("textbox", { name: 'Type "Deploy" to confirm' });
    await user.type(field, "deploy");
    expect(run).toHaveProperty("disabled", true);
    await user.clear(field);
    await user.type(field, "Deploy");
    expect(run).toHaveProperty("disabled", false);
    await user.click(run);
    expect(onRun).toHaveBeenCalledWith("linux", undefined, { confirmName: "Deploy" });
  });
});

describe("Run now during a freeze window (decision 071)", () => {
  const frozen = {
    ...options,
    parameters: [],
    freeze: {
      reason: "Release weekend",
      startsAt: "2026-11-28T00:00:00Z",
      endsAt: "2026-11-29T00:00:00Z",
      active: true,
    },
  };

  it("tells an editor it is frozen and offers no way to run", () => {
    open({ options: frozen });
    expect(screen.getByText(/Frozen until .*Release weekend/).textContent).toContain(
      "Only an admin or owner can override it.",
    );
    expect(screen.queryByRole("textbox", { name: /Reason to override/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Override and run" })).toHaveProperty("disabled", true);
  });

  it("runs for an admin only with a reason, sent as the override", async () => {
    const { user, onRun } = open({ options: frozen, canOverrideFreeze: true });
    const run = screen.getByRole("button", { name: "Override and run" });
    expect(run).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /Reason to override the freeze window/ }), "Hotfix");
    await user.click(run);
    expect(onRun).toHaveBeenCalledWith("linux", undefined, { override: { reason: "Hotfix" } });
  });

  it("says when the next window starts, and runs as usual before it", async () => {
    const { user, onRun } = open({ options: { ...frozen, freeze: { ...frozen.freeze, active: false } } });
    expect(screen.getByText(/A freeze window starts .*Release weekend/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenCalledWith("linux", undefined, {});
  });
});

describe("Run on (decision 080)", () => {
  const runners = [
    { id: "runner-1", name: "web-1", platform: "linux" as const, online: true },
    { id: "runner-2", name: "web-2", platform: "linux" as const, online: false },
    { id: "runner-3", name: "win-1", platform: "windows" as const, online: true },
  ];
  const fleet: RunOptions = {
    ...options,
    parameters: [],
    platforms: [
      { platform: "linux", runners: 2, runnersOnline: 1 },
      { platform: "windows", runners: 1, runnersOnline: 1 },
    ],
    labels: ["web"],
    target: { ...DEFAULT_TARGET, mode: "all" },
    runners,
  };
  const choices = () =>
    screen
      .getAllByRole("option")
      .filter((option) => option.closest("select") === screen.getByRole("combobox", { name: "Run on" }))
      .map((option) => option.textContent);

  it("runs a workflow on every runner as it is by default, or narrows it to one runner or any one", async () => {
    const { user, onRun } = open({ options: fleet });
    expect(screen.getByRole("radio", { name: /On its runners/ })).toHaveProperty("checked", true);
    expect(choices()).toEqual([
      "Every matching runner (3)",
      "Any one matching runner",
      "web-1 (Linux, online)",
      "web-2 (Linux, offline)",
      "win-1 (Windows, online)",
    ]);
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenLastCalledWith("runners", undefined, {});

    await user.selectOptions(screen.getByRole("combobox", { name: "Run on" }), "runner-2");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenLastCalledWith("runners", undefined, {
      target: { mode: "runner", runnerId: "runner-2" },
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Run on" }), "any");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenLastCalledWith("runners", undefined, { target: { mode: "any" } });
  });

  it("offers a workflow on any one runner the runners of the chosen OS", async () => {
    const { user, onRun } = open({ options: { ...fleet, target: { ...DEFAULT_TARGET } } });
    expect(choices()).toEqual(["Any one matching runner", "web-1 (Linux, online)", "web-2 (Linux, offline)"]);
    await user.click(screen.getByRole("radio", { name: /On Windows/ }));
    expect(choices()).toEqual(["Any one matching runner", "win-1 (Windows, online)"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Run on" }), "runner-3");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenLastCalledWith("windows", undefined, {
      target: { mode: "runner", runnerId: "runner-3" },
    });
  });

  it("shows a pinned workflow's runner with no choice", async () => {
    const { user, onRun } = open({
      options: { ...fleet, target: { ...DEFAULT_TARGET, mode: "runner", runnerId: "runner-3" } },
    });
    expect(screen.getByRole("radio", { name: /On win-1 \(Windows, online\)/ })).toHaveProperty("checked", true);
    expect(screen.queryByRole("combobox", { name: "Run on" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenLastCalledWith("runners", undefined, {});
  });

  it("says when no runner has the labels of a workflow on every runner, with the way to Runners", () => {
    open({ options: { ...fleet, runners: [] } });
    expect(screen.getByText(/No runner has its labels/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See Runners" }).getAttribute("href")).toBe("/admin/runners");
    expect(screen.queryByRole("combobox", { name: "Run on" })).toBeNull();
  });
});
