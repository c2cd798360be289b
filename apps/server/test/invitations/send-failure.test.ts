import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { INVITATION_MESSAGES } from "@flowdeck/shared/invitations/messages";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_TEXTS } from "../../src/lib/idempotency.ts";
import { createOrgWithRoles, uniqueEmail } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openInvitationRows } from "../members/support.ts";

/** A real SMTP server that refuses every recipient while `refusing` is set, and counts what it accepts. */
async function startMoodySmtp() {
  const state = { refusing: true, accepted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        state.accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startMoodySmtp>>;
beforeAll(async () => {
  smtp = await startMoodySmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("a failed invitation mail", () => {
  it("is reported with the spec's wrapper, keeps the invitation, and Resend retries it", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    const email = uniqueEmail();
    smtp.state.refusing = true;

    const failed = await owner.post(`/api/orgs/${org.organizationId}/invitations`, { email });
    expect(failed.status).toBe(503);
    expect(failed.body.error.message.startsWith(INVITATION_MESSAGES.sendFailed(""))).toBe(true);
    expect(failed.body.error.message).toContain("Mailbox unavailable");

    const list = await owner.get(`/api/orgs/${org.organizationId}/invitations`);
    expect(list.body.items).toEqual([expect.objectContaining({ email, status: "pending" })]);
    const [row] = await openInvitationRows(t.app, org.organizationId);
    expect(row?.lastSentAt).toBeNull();

    smtp.state.refusing = false;
    const resent = await owner.post(`/api/orgs/${org.organizationId}/invitations/${list.body.items[0].id}/resend`);
    expect(resent.status).toBe(200);
    expect(smtp.state.accepted).toBe(1);
    const [sentRow] = await openInvitationRows(t.app, org.organizationId);
    expect(sentRow?.lastSentAt).toBeInstanceOf(Date);
  });

  it("is reported when the mail server cannot be reached at all", async () => {
    const unreachable = await createTestApp({
      env: { SMTP_URL: "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000" },
      database: t.database,
    });
    try {
      const org = await createOrgWithRoles(unreachable.app);
      const failed = await org.users.owner.client.post(`/api/orgs/${org.organizationId}/invitations`, {
        email: uniqueEmail(),
      });
      expect(failed.status).toBe(503);
      expect(failed.body.error.message).toMatch(/^Failed to send invitation email: .+/);
      expect(await openInvitationRows(unreachable.app, org.organizationId)).toHaveLength(1);
    } finally {
      await unreachable.close();
    }
  });
});

// The web app sends one Idempotency-Key per invitation it means to send (the form keeps it while
// the same values are retried): a retried request invites and mails once.
describe("an invitation sent with an Idempotency-Key", () => {
  const invite = (client: TestClient, orgId: string, key: string, body: object) =>
    client.request({
      method: "POST",
      url: `/api/orgs/${orgId}/invitations`,
      payload: body,
      headers: { "idempotency-key": key },
    });

  it("is made and mailed once: a retry answers the first invitation again", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    smtp.state.refusing = false;
    const mailed = smtp.state.accepted;
    const key = randomUUID();
    const body = { email: uniqueEmail(), role: "editor" };
    const first = await invite(owner, org.organizationId, key, body);
    const again = await invite(owner, org.organizationId, key, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(smtp.state.accepted - mailed).toBe(1);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);

    const other = await invite(owner, org.organizationId, key, { ...body, role: "viewer" });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: { code: "aborted", message: IDEMPOTENCY_TEXTS.keyReused } });
    expect(smtp.state.accepted - mailed).toBe(1);
  });

  it("after its mail failed, a retry with the key sends the mail then, once, and invites no one twice", async () => {
    const org = await createOrgWithRoles(t.app);
    const owner = org.users.owner.client;
    const key = randomUUID();
    const body = { email: uniqueEmail(), role: "viewer" };
    smtp.state.refusing = true;
    const failed = await invite(owner, org.organizationId, key, body);
    expect(failed.status).toBe(503);

    smtp.state.refusing = false;
    const mailed = smtp.state.accepted;
    const retried = await invite(owner, org.organizationId, key, body);
    expect(retried.status).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(smtp.state.accepted - mailed).toBe(1);
    const [row] = await openInvitationRows(t.app, org.organizationId);
    expect(row?.lastSentAt).toBeInstanceOf(Date);
    expect(await openInvitationRows(t.app, org.organizationId)).toHaveLength(1);

    const once = await invite(owner, org.organizationId, key, body);
    expect(once.status).toBe(201);
    expect(smtp.state.accepted - mailed).toBe(1);
  });
});
