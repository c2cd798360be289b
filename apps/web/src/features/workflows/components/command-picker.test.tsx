import type { WorkflowCommand, WorkflowCommandPage } from "@flowdeck/shared/workflows/schemas";
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { useCommandNames } from "../lib/use-command-names.ts";
import { CommandPicker } from "./command-picker.tsx";

function command(id: string, name: string): WorkflowCommand {
  return { id, name, description: "", category: "general", status: "active" };
}

/** 60 active commands, newest first: more than one page of 50. */
const COMMANDS = [
  command("deploy", "Deploy release"),
  command("warm", "Warm the cache"),
  ...Array.from({ length: 58 }, (_, index) => command(`task-${index}`, `Routine ${index}`)),
];

/**
 * The server's commands list, searched by name: a page of `pageSize` after the cursor (here the
 * index to start from), with how many match.
 */
function serveCommands(commands: WorkflowCommand[]) {
  return answerRequests((url: string): WorkflowCommandPage => {
    const params = new URL(url, "http://flowdeck.test").searchParams;
    const q = params.get("q")?.toLowerCase() ?? "";
    const matching = commands.filter((item) => item.name.toLowerCase().includes(q));
    const start = Number(params.get("cursor") ?? 0);
    const pageSize = Number(params.get("pageSize"));
    const end = start + pageSize;
    return {
      items: matching.slice(start, end),
      total: matching.length,
      totalCapped: false,
      nextCursor: end < matching.length ? String(end) : null,
      pageSize,
    };
  });
}

function Picker() {
  const [value, setValue] = useState<string[]>([]);
  const names = useCommandNames(undefined);
  return <CommandPicker orgId="org-1" value={value} onChange={setValue} names={names} />;
}

function renderPicker() {
  const view = renderWithProviders(<Picker />);
  const available = () => screen.getByRole("group", { name: "Available commands" });
  return { ...view, available };
}

const searchParams = (url: string) => new URL(url, "http://flowdeck.test").searchParams;

describe("the command picker", () => {
  it("shows the first 50 commands and appends the next page on Load more commands", async () => {
    const { fetch } = serveCommands(COMMANDS);
    const { user, available } = renderPicker();
    expect(await within(available()).findAllByRole("checkbox")).toHaveLength(50);
    expect(screen.getByText("Showing 50 of 60 commands")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Load more commands" }));
    await expect.poll(() => within(available()).queryAllByRole("checkbox").length).toBe(60);
    expect(screen.getByText("Showing 60 of 60 commands")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more commands" })).toBeNull();
    // The first command added takes the focus from the button, which is gone.
    expect(document.activeElement).toBe(within(available()).getByRole("checkbox", { name: /Routine 48/ }));
    expect(searchParams(fetch.mock.calls[1]![0]).get("cursor")).toBe("50");
  });

  it("sends the search, trimmed, to the server and shows its answer", async () => {
    const { fetch } = serveCommands(COMMANDS);
    const { user, available } = renderPicker();
    await within(available()).findAllByRole("checkbox");

    await user.type(screen.getByRole("searchbox", { name: "Search commands" }), "  CACHE ");
    await expect.poll(() => within(available()).queryAllByRole("checkbox").length).toBe(1);
    expect(within(available()).getByRole("checkbox", { name: /Warm the cache/ })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => searchParams(url).get("q"))).toContain("CACHE");

    await user.type(screen.getByRole("searchbox", { name: "Search commands" }), "x");
    expect(await within(available()).findByText("No command matches.")).toBeTruthy();
  });

  it("keeps a chosen command's name once a search leaves it out", async () => {
    serveCommands(COMMANDS);
    const { user, available } = renderPicker();
    await user.click(await within(available()).findByRole("checkbox", { name: /Warm the cache/ }));
    await user.click(within(available()).getByRole("checkbox", { name: /Deploy release/ }));

    await user.type(screen.getByRole("searchbox", { name: "Search commands" }), "routine 7");
    await expect.poll(() => within(available()).queryByRole("checkbox", { name: /Warm the cache/ })).toBeNull();
    const chosen = within(screen.getByRole("list", { name: "Chosen commands" })).getAllByRole("listitem");
    expect(chosen.map((item) => item.textContent)).toEqual(["1.Warm the cache", "2.Deploy release"]);
    await user.click(screen.getByRole("button", { name: "Move Deploy release up" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Deploy release down" }));
  });

  it("says so when the organization has no active command", async () => {
    serveCommands([]);
    const { available } = renderPicker();
    expect(await within(available()).findByText("No active commands yet. Add some on the Tasks page.")).toBeTruthy();
  });
});
