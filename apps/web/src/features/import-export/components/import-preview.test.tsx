import type { ImportPreview } from "@flowdeck/shared/import-export/schemas";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { ImportForm } from "./import-form.tsx";
import { ImportPreviewView } from "./import-preview.tsx";

const LONG_COMMAND = `./deploy.sh ${"--flag-that-goes-on ".repeat(20)}`.trim();

const PREVIEW: ImportPreview = {
  dryRun: true,
  applied: false,
  create: [{ kind: "task", key: "Restart web" }],
  update: [
    {
      kind: "workflow",
      key: "Nightly backup",
      changes: [
        { field: "description", before: "Backs up the database", after: "Backs up the database and the files" },
        { field: "runnerLabels", before: [], after: ["linux", "eu-west-1"] },
        { field: "schedule", before: { mode: "manual" }, after: { mode: "daily", time: "02:00" } },
      ],
    },
    {
      kind: "task",
      key: "Deploy",
      changes: [{ field: "commands", before: { linux: "./deploy.sh" }, after: { linux: LONG_COMMAND } }],
    },
  ],
  unchanged: [
    { kind: "notification-rule", key: "On-call" },
    { kind: "task", key: "Ping" },
  ],
  errors: [],
};

const EMPTY: ImportPreview = { dryRun: true, applied: false, create: [], update: [], unchanged: [], errors: [] };

describe("the import preview", () => {
  it("lists what it creates, each change field by field, and folds the unchanged", async () => {
    const { user } = renderWithProviders(<ImportPreviewView preview={PREVIEW} />);

    const created = screen.getByRole("region", { name: "1 to create" });
    expect(within(created).getByRole("listitem").textContent).toBe("Command Restart web");

    const changed = screen.getByRole("region", { name: "2 to change" });
    const nightly = within(changed).getByRole("group", { name: "Changes to Nightly backup" });
    const description = within(nightly).getByText("description").closest("div")!;
    expect(description.textContent).toBe(
      "descriptionBeforeBacks up the databaseAfterBacks up the database and the files",
    );
    expect(within(nightly).getByText("runnerLabels").closest("div")!.textContent).toBe(
      "runnerLabelsBefore(none)Afterlinux, eu-west-1",
    );
    expect(within(nightly).getByText(/"time": "02:00"/)).not.toBeNull();
    // A long value is wrapped, never cut.
    const long = within(changed).getByText(new RegExp(LONG_COMMAND.slice(0, 40)));
    expect(long.textContent).toContain(LONG_COMMAND);
    expect(long.className).toContain("whitespace-pre-wrap");

    const unchanged = screen.getByText("2 unchanged").closest("details")!;
    expect(unchanged.open).toBe(false);
    await user.click(screen.getByText("2 unchanged"));
    expect(unchanged.open).toBe(true);
    expect(within(unchanged).getByText("On-call")).not.toBeNull();

    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/Nothing to import/)).toBeNull();
  });

  it("shows each error with its line", () => {
    const errors = [
      { line: 4, message: "category: Please choose a category" },
      { line: 7, message: 'Unknown field "colour"' },
    ];
    renderWithProviders(<ImportPreviewView preview={{ ...EMPTY, errors }} />);
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("2 errors: nothing can be imported until they are fixed")).not.toBeNull();
    const lines = within(alert)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(lines).toEqual(["Line 4: category: Please choose a category", 'Line 7: Unknown field "colour"']);
    expect(screen.queryByText(/Nothing to import/)).toBeNull();
  });

  it("says when everything is unchanged", () => {
    renderWithProviders(<ImportPreviewView preview={{ ...EMPTY, unchanged: [{ kind: "task", key: "Ping" }] }} />);
    expect(screen.getByRole("status").textContent).toBe("Nothing to import: everything is unchanged.");
    expect(screen.getByText("1 unchanged")).not.toBeNull();
  });
});

describe("the import form", () => {
  it("previews the pasted YAML as text/yaml, then applies it after the confirmation", async () => {
    const { fetch, sent } = answerRequests((url: string) =>
      url.includes("dryRun=true") ? PREVIEW : { ...PREVIEW, dryRun: false, applied: true },
    );
    const { user } = renderWithProviders(<ImportForm orgId="org-1" />);
    const apply = screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    const yaml = "version: 1\ncommands: []\n";
    await user.click(screen.getByLabelText(/^YAML document/));
    await user.paste(yaml);
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByRole("region", { name: "2 to change" })).not.toBeNull();
    expect(sent()).toMatchObject({
      url: "/api/orgs/org-1/import?dryRun=true",
      method: "POST",
      headers: { "content-type": "text/yaml" },
      body: yaml,
    });

    expect(apply.disabled).toBe(false);
    await user.click(apply);
    const dialog = screen.getByRole("dialog", { name: "Apply the import" });
    expect(
      within(dialog).getByText("Apply the import? It creates 1 and changes 2; nothing is deleted."),
    ).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("heading", { name: "Imported: 1 created, 2 changed." })).not.toBeNull();
    expect(sent(1)).toMatchObject({ url: "/api/orgs/org-1/import?dryRun=false", body: yaml });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a refused file's lines and keeps Apply off; editing the text drops the preview", async () => {
    const errors = [{ line: 3, message: "Nested mappings are not allowed in compact mappings" }];
    answerRequests(
      { ...EMPTY, errors, error: { code: "invalid-argument", message: "The file has 1 error: nothing was imported" } },
      400,
    );
    const { user } = renderWithProviders(<ImportForm orgId="org-1" />);
    const field = screen.getByLabelText(/^YAML document/);
    await user.click(field);
    await user.paste("version: 1\ncommands:\n  - name: a: b\n");
    await user.click(screen.getByRole("button", { name: "Preview" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("listitem").textContent).toBe(
      "Line 3: Nested mappings are not allowed in compact mappings",
    );
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(field, "#");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reads a chosen file into the text", async () => {
    answerRequests(EMPTY);
    const { user } = renderWithProviders(<ImportForm orgId="org-1" />);
    const file = new File(["version: 1\nworkflows: []\n"], "flowdeck.yaml", { type: "text/yaml" });
    await user.upload(screen.getByLabelText("YAML file to import"), file);
    await vi.waitFor(() =>
      expect((screen.getByLabelText(/^YAML document/) as HTMLTextAreaElement).value).toBe(
        "version: 1\nworkflows: []\n",
      ),
    );
  });
});
