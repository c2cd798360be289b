import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { OrganizationId } from "./organization-id.tsx";

const ID = "0b7d5c1e-3a4f-4e8b-9c2d-6f1a2b3c4d5e";

afterEach(() => vi.restoreAllMocks());

describe("the organization id", () => {
  it("shows the id with the API path that names it, and copies it", async () => {
    const { user } = renderWithProviders(<OrganizationId id={ID} />);
    expect(screen.getByLabelText("Organization ID").textContent).toBe(ID);
    expect(screen.getByText(`/api/orgs/${ID}/…`)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Copy Organization ID" }));
    expect(await navigator.clipboard.readText()).toBe(ID);
    expect(screen.getByRole("status").textContent).toBe("Copied");
  });

  it("selects the id to copy by hand where the browser offers no clipboard", async () => {
    const { user } = renderWithProviders(<OrganizationId id={ID} />);
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("not allowed"));
    await user.click(screen.getByRole("button", { name: "Copy Organization ID" }));
    expect(screen.getByRole("status").textContent).toBe("Selected: press Ctrl+C to copy");
    expect(window.getSelection()?.toString()).toBe(ID);
  });
});
