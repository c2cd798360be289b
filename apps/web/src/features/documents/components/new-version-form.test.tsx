import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { NewVersionForm } from "./new-version-form.tsx";

function renderForm(currentFileName: string) {
  return renderWithProviders(
    <NewVersionForm orgId="org-1" documentId="doc-1" currentFileName={currentFileName} onUploaded={() => {}} />,
  );
}

const file = (name: string, type: string) => new File(["%PDF-1.4 a new version"], name, { type });

describe("a new version of a document", () => {
  it("warns before upload when the new file is of another type", async () => {
    const { user } = renderForm("runbook-failover.pdf");
    await user.upload(
      screen.getByLabelText(/Choose the new file/),
      file("runbook-failover.docx", "application/msword"),
    );
    const warning = await screen.findByRole("status");
    expect(warning.textContent).toContain("The document changes type");
    expect(warning.textContent).toContain(
      "The current version is a .pdf file; runbook-failover.docx is a .docx file. Uploading makes the document a .docx file from now on",
    );
    expect(screen.getByRole("button", { name: "Upload new version" })).toHaveProperty("disabled", false);
  });

  it("says nothing when the type stays, whatever the case of the extension", async () => {
    const { user } = renderForm("runbook-failover.pdf");
    await user.upload(screen.getByLabelText(/Choose the new file/), file("runbook-failover-v3.PDF", "application/pdf"));
    expect(await screen.findByText("runbook-failover-v3.PDF")).not.toBeNull();
    expect(screen.queryByText("The document changes type")).toBeNull();
  });

  it("names a current file without an extension as such", async () => {
    const { user } = renderForm("install-notes");
    await user.upload(screen.getByLabelText(/Choose the new file/), file("install-notes.txt", "text/plain"));
    expect((await screen.findByRole("status")).textContent).toContain(
      "The current version is a file without an extension; install-notes.txt is a .txt file.",
    );
  });
});
