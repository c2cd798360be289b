import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import type { Profile } from "@flowdeck/shared/profile/schemas";
import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/fetch.ts";
import { renderWithProviders } from "@/testing/render.tsx";
import { ProfileForm } from "./profile-form.tsx";

const profile: Profile = {
  id: "user-1",
  email: "ada@example.com",
  displayName: "Ada",
  phone: null,
  avatarUrl: null,
  avatarMetadata: null,
  twoFactorEnabled: false,
  updatedAt: "2026-11-25T04:00:00.000Z",
};

describe("the profile form", () => {
  it("refuses a phone that is not one with the shared text, focuses it, and Discard puts it back", async () => {
    const { user } = renderWithProviders(<ProfileForm profile={profile} />);
    const phone = screen.getByLabelText("Phone");
    await user.type(phone, "call me");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(SETTINGS_MESSAGES.phoneInvalid)).toHaveProperty("role", "alert");
    await expect.poll(() => document.activeElement).toBe(phone);
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(phone).toHaveProperty("value", "");
  });

  it("sends the trimmed name and the phone, and shows what was saved", async () => {
    const saved = { ...profile, displayName: "Ada Lovelace", phone: "+44 20 7946 0000" };
    const { sent } = answerRequests(saved);
    const { user } = renderWithProviders(<ProfileForm profile={profile} />);
    const name = screen.getByLabelText("Display name");
    expect(screen.getByText("3 / 100 characters")).not.toBeNull();
    await user.clear(name);
    await user.type(name, "  Ada Lovelace  ");
    await user.type(screen.getByLabelText("Phone"), "+44 20 7946 0000");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));
    expect(await screen.findByText(PROFILE_MESSAGES.updated)).not.toBeNull();
    const { url, method, body } = sent();
    expect(url).toBe("/api/profile");
    expect(method).toBe("PATCH");
    expect(body).toEqual({ displayName: "Ada Lovelace", phone: "+44 20 7946 0000" });
    expect(name).toHaveProperty("value", "Ada Lovelace");
  });
});
