import { DOCUMENT_MESSAGES } from "@flowdeck/shared/documents/messages";
import type { DocumentItem } from "@flowdeck/shared/documents/schemas";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { EditDocumentForm } from "./edit-document-form.tsx";

const item = {
  id: "doc-1",
  title: "Handbook",
  description: "Policies",
  category: "general",
  tags: ["hr", "policy"],
} as DocumentItem;

describe("the edit document form", () => {
  it("refuses a blank title with the spec's text and focuses it", async () => {
    const { user } = renderWithProviders(<EditDocumentForm orgId="org-1" document={item} onDone={() => {}} />);
    const title = screen.getByLabelText("Title");
    await user.clear(title);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.titleRequired)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(title);
  });

  it("sends the details as the shared schema reads them", async () => {
    const { sent } = answerRequests(item);
    const onDone = vi.fn();
    const { user } = renderWithProviders(<EditDocumentForm orgId="org-1" document={item} onDone={onDone} />);
    expect(screen.getByLabelText("Tags")).toHaveProperty("value", "hr, policy");
    await user.type(screen.getByLabelText("Tags"), ", HR, onboarding");
    await user.selectOptions(screen.getByLabelText("Category"), "documents");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await expect.poll(() => onDone.mock.calls).toEqual([[true]]);
    const { url, method, body } = sent();
    expect(url).toBe("/api/orgs/org-1/documents/doc-1");
    expect(method).toBe("PATCH");
    expect(body).toEqual({
      title: "Handbook",
      description: "Policies",
      category: "documents",
      tags: ["hr", "policy", "onboarding"],
    });
  });
});
