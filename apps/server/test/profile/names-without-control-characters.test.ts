import { MESSAGES } from "@flowdeck/shared";
import { ORGANIZATION_NAME_CONTROL } from "@flowdeck/shared/organizations/fields";
import { PROFILE_MESSAGES } from "@flowdeck/shared/profile/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/index.ts";
import { invitationMail } from "../../src/modules/invitations/invitation-mail.ts";
import { TEST_PASSWORD, uniqueDomain, uniqueEmail, type OrgWithRoles } from "../helpers/factories.ts";
import { TestClient } from "../helpers/http-client.ts";
import { createAppWithRoles, type TestApp } from "../helpers/test-app.ts";
import { registrationBody } from "../helpers/test-data.ts";

// Names are one line of text shown to others and written into mail (issue 27): CR and LF in a
// display name forged lines at the top of invitation mail. Every route that sets a name refuses
// C0 control characters, with a message saying so.

// NUL is refused earlier still, by the check of every JSON body (plugins/json-body.ts).
const CONTROL_CHARACTERS = ["\r\n", "\n", "\r", "\t", "\u001b", "\u007f", "\u0001", "\u001f"];

let t: TestApp;
let org: OrgWithRoles;
beforeAll(async () => ({ t, org } = await createAppWithRoles()));
afterAll(() => t.close());

const named = (character: string) => `Ada${character}Bcc: victim@example.com`;

describe.each(CONTROL_CHARACTERS.map((character) => [JSON.stringify(character), character]))(
  "a name with %s",
  (_label, character) => {
    it("is refused as a display name", async () => {
      const response = await org.users.editor.client.patch("/api/profile", { displayName: named(character) });
      expect(response.status).toBe(400);
      expect(response.body.error.fields.displayName).toBe(PROFILE_MESSAGES.displayNameControl);
    });

    it("is refused as an organization's name: at registration, for a new one and in its settings", async () => {
      const registered = await new TestClient(t.app).post(
        "/api/account/register",
        registrationBody({
          email: uniqueEmail("named"),
          password: TEST_PASSWORD,
          organizationName: named(character),
          domain: uniqueDomain(),
        }),
      );
      expect(registered.status).toBe(400);
      expect(registered.body.error.fields.organizationName).toBe(ORGANIZATION_NAME_CONTROL);

      const created = await org.users.viewer.client.post("/api/organizations", { name: named(character) });
      expect(created.status).toBe(400);
      expect(created.body.error.fields.name).toBe(ORGANIZATION_NAME_CONTROL);

      const renamed = await org.users.owner.client.patch(`/api/orgs/${org.organizationId}/settings`, {
        name: named(character),
        timezone: "Europe/London",
      });
      expect(renamed.status).toBe(400);
      expect(renamed.body.error.fields.name).toBe(ORGANIZATION_NAME_CONTROL);
    });
  },
);

describe("a name with NUL", () => {
  it("is refused by the body check, with its message", async () => {
    const response = await org.users.editor.client.patch("/api/profile", { displayName: named("\u0000") });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.invalidValue);
  });
});

describe("names with other characters", () => {
  it("are kept: accents, scripts and emoji", async () => {
    const response = await org.users.editor.client.patch("/api/profile", { displayName: "Zoë 山田 🚀" });
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe("Zoë 山田 🚀");
  });

  it("stored before the check reach invitation mail as one line", async () => {
    await t.app.db.update(user).set({ name: "Ada\r\nBcc: victim@example.com" }).where(eq(user.id, org.users.admin.id));
    const mail = invitationMail({
      to: "guest@example.com",
      organizationName: "Acme\nOperations",
      inviterName: "Ada\r\nBcc: victim@example.com",
      role: "viewer",
      customMessage: null,
      link: "http://localhost:3000/invite/CODE",
      expiresAt: new Date("2026-12-01T00:00:00Z"),
    });
    expect(mail.subject).toBe("Ada Bcc: victim@example.com invited you to join Acme Operations on Flowdeck");
    expect(mail.text.split("\n")[0]).toBe(
      "Ada Bcc: victim@example.com has invited you to join Acme Operations on Flowdeck as a viewer.",
    );
  });
});
