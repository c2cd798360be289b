import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import { MAX_TITLE_LENGTH } from "@flowdeck/shared/documents/schemas";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { UploadDocumentModal } from "./upload-document-modal.tsx";

function renderModal() {
  const onUploaded = vi.fn();
  const view = renderWithProviders(
    <UploadDocumentModal orgId="org-1" open onClose={() => {}} onUploaded={onUploaded} />,
  );
  return { ...view, onUploaded };
}

describe("the document upload form", () => {
  it("asks for a file and a title with the spec's texts", async () => {
    const { user } = renderModal();
    expect(screen.getByText(`0 / ${MAX_TITLE_LENGTH} characters`)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.fileRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText(DOCUMENT_MESSAGES.titleRequired)).toHaveProperty("role", "alert");
  });

  it("names the document after its file and sends the details with it", async () => {
    const document = { id: "doc-1", title: "Release notes" };
    const { sent } = answerRequests(document, 201);
    const { user, onUploaded } = renderModal();
    await user.upload(screen.getByLabelText(/Choose a file/), new File(["# Notes"], "release-notes.md"));
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "release-notes");
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "  Release notes ");
    await user.type(screen.getByLabelText("Tags"), "release, , notes");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    await expect.poll(() => onUploaded.mock.calls.length).toBe(1);
    const { url, body } = sent();
    expect(url).toBe("/api/orgs/org-1/documents");
    const form = body as FormData;
    expect(form.get("title")).toBe("Release notes");
    expect(form.get("description")).toBe("");
    expect(form.get("category")).toBe("documents");
    expect(form.get("tags")).toBe("release, notes");
    expect((form.get("file") as File).name).toBe("release-notes.md");
  });
});
