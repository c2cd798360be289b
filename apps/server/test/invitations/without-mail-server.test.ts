import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrgWithRoles, uniqueEmail } from "../helpers/factories.ts";
import { parseMessage } from "../helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Without SMTP_URL an invitation's mail is only written to DATA_DIR/outbox: nobody receives it, so
// the admin who sent it is told so and given the link to pass on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The outbox mail to `email`, parsed. */
function outboxMailTo(email: string) {
  const dir = path.join(t.config.dataDir, "outbox");
  const file = readdirSync(dir).find((name) => name.includes(email));
  return parseMessage(readFileSync(path.join(dir, file ?? ""), "utf8"));
}

describe("an invitation without a mail server", () => {
  it("answers that no mail was sent, with the link the outbox file holds, and the list never shows it", async () => {
    const org = await createOrgWithRoles(t.app);
    const url = `/api/orgs/${org.organizationId}/invitations`;
    const email = uniqueEmail("no-smtp");
    const send = () =>
      org.users.admin.client.request({
        method: "POST",
        url,
        payload: { email, role: "editor" },
        headers: { "idempotency-key": `invite-${email}` },
      });

    const sent = await send();
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email, role: "editor", status: "pending", mailed: false });
    const link = (sent.body as { link: string }).link;
    expect(link).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(outboxMailTo(email).text).toContain(link);

    // A retry with the same key changes nothing and mails nothing again, so it has no link to give.
    const replayed = await send();
    expect(replayed.status).toBe(201);
    expect(replayed.body).toMatchObject({ id: (sent.body as { id: string }).id, mailed: false });
    expect(replayed.body).not.toHaveProperty("link");

    // Resend writes the mail again, and answers the same link again.
    const resent = await org.users.admin.client.post(`${url}/${(sent.body as { id: string }).id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ email, mailed: false, link });

    const list = await org.users.admin.client.get(url);
    expect(JSON.stringify(list.body)).not.toContain(link.split("/invite/")[1]);
  });
});
