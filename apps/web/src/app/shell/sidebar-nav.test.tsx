import { PAGES } from "@flowdeck/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { SidebarNav } from "./sidebar-nav.tsx";

describe("the navigation", () => {
  it("shows an icon beside every entry, Runners too", () => {
    renderWithProviders(<SidebarNav role="owner" />);
    for (const page of PAGES) {
      const link = screen.getByRole("link", { name: page.label });
      expect(link.querySelector("svg"), page.label).not.toBeNull();
    }
    expect(screen.getByRole("link", { name: "Runners" }).querySelector("svg.lucide-server")).not.toBeNull();
  });
});
