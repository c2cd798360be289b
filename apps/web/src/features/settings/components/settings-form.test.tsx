import { MESSAGES } from "@flowdeck/shared";
import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useQuery } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { SettingsForm } from "./settings-form.tsx";

const settings: OrganizationSettings = {
  id: "org-1",
  name: "Night Shift",
  description: null,
  domain: "nightshift.example.org",
  website: null,
  industry: null,
  timezone: "UTC",
  address: null,
  phone: null,
  notifications: { email: true, pushNotifications: true, weeklyReports: false },
  creditsPerRun: 0,
  logoUrl: null,
  logoMetadata: null,
  updatedAt: "2026-11-25T04:00:00.000Z",
  updatedBy: null,
};

describe("the settings form", () => {
  it("shows the stored settings", () => {
    renderWithProviders(<SettingsForm orgId="org-1" settings={settings} />);
    expect(screen.getByLabelText(/Organization name/)).toHaveProperty("value", "Night Shift");
    expect(screen.getByLabelText(/Timezone/)).toHaveProperty("value", "UTC");
    expect(screen.getByRole("switch", { name: "Weekly reports" })).toHaveProperty("checked", false);
    expect(screen.getByRole("button", { name: "Discard changes" })).toHaveProperty("disabled", true);
  });

  it("refuses a blank name with the shared text; typing in the field takes the message away", async () => {
    const { user } = renderWithProviders(<SettingsForm orgId="org-1" settings={settings} />);
    const name = screen.getByLabelText(/Organization name/);
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(MESSAGES.organizationNameRequired)).toHaveProperty("role", "alert");
    expect(screen.getByText("Please correct the highlighted fields.")).not.toBeNull();
    await expect.poll(() => document.activeElement).toBe(name);
    await user.type(name, "N");
    await expect.poll(() => screen.queryByText(MESSAGES.organizationNameRequired)).toBeNull();
  });

  it("follows someone else's save while untouched, and asks when there are edits", async () => {
    const { user, rerender } = renderForRerender();
    await rerender({ ...settings, name: "Day Shift" });
    await expect.poll(() => (screen.getByLabelText(/Organization name/) as HTMLInputElement).value).toBe("Day Shift");

    await user.type(screen.getByLabelText("Phone"), "+1 555 010 0000");
    await rerender({ ...settings, name: "Evening Shift" });
    expect(await screen.findByText(/Someone else saved these settings while you were editing/)).not.toBeNull();
    expect(screen.getByLabelText(/Organization name/)).toHaveProperty("value", "Day Shift");
    await user.click(screen.getByRole("button", { name: "Load their version" }));
    await expect
      .poll(() => (screen.getByLabelText(/Organization name/) as HTMLInputElement).value)
      .toBe("Evening Shift");
    expect(screen.getByLabelText("Phone")).toHaveProperty("value", "");
  });
});

/** The form fed from the cache, as the settings page is: a live update replaces the cached settings. */
function renderForRerender() {
  const key = ["orgs", "org-1", "organization", "settings"];
  function Live() {
    const { data } = useQuery({ queryKey: key, queryFn: () => settings, initialData: settings });
    return <SettingsForm orgId="org-1" settings={data} />;
  }
  const view = renderWithProviders(<Live />);
  return { ...view, rerender: (next: OrganizationSettings) => act(() => view.queryClient.setQueryData(key, next)) };
}
