import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMailer } from "../src/lib/mailer.ts";
import { passwordResetMail } from "../src/modules/auth/password-reset-mail.ts";
import { createUser } from "./helpers/factories.ts";
import { TestClient } from "./helpers/http-client.ts";
import { parseMessage, startSmtpInbox, type SmtpInbox } from "./helpers/smtp-inbox.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+/;

function requestReset(app: TestApp["app"], email: string) {
  return new TestClient(app).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
}

describe("with SMTP_URL", () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({
      env: { SMTP_URL: `${inbox.url}?ignoreTLS=true`, MAIL_FROM: "Flowdeck <flowdeck@example.com>" },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it("delivers the reset mail to a real SMTP server, and nothing to the outbox", async () => {
    const { email } = await createUser(t.app);
    expect((await requestReset(t.app, email)).status).toBe(200);

    const mail = await inbox.waitFor((received) => received.recipients.includes(email));
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe("Reset your Flowdeck password");
    expect(mail.raw).toMatch(/^From: Flowdeck <flowdeck@example\.com>/m);
    expect(mail.text).toMatch(RESET_LINK);
    expect(mail.text).toContain("valid for 1 hour and can be used once");
    expect(existsSync(path.join(t.config.dataDir, "outbox"))).toBe(false);
  });
});

describe("without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes the reset mail as an .eml file into DATA_DIR/outbox", async () => {
    const { email } = await createUser(t.app);
    expect((await requestReset(t.app, email)).status).toBe(200);

    const outbox = path.join(t.config.dataDir, "outbox");
    const files = await vi.waitFor(() => {
      const found = existsSync(outbox) ? readdirSync(outbox) : [];
      expect(found).toHaveLength(1);
      return found;
    });
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMessage(readFileSync(path.join(outbox, files[0] ?? ""), "utf8"));
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe("Reset your Flowdeck password");
    expect(mail.text).toMatch(RESET_LINK);
  });

  it("logs the file's name but never the link's token, and keeps the file private", async () => {
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), "flowdeck-outbox-")), "outbox");
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Flowdeck <x@example.com>",
      outboxDir,
      logger: logged.log,
    });
    const token = "SecretToken1234567890abc";

    await mailer.send(
      passwordResetMail({ to: "ada@example.com", url: `http://localhost:3000/reset-password?token=${token}` }),
    );
    await logged.close();

    const [file] = readdirSync(outboxDir);
    const filePath = path.join(outboxDir, file ?? "");
    expect(parseMessage(readFileSync(filePath, "utf8")).text).toContain(`reset-password?token=${token}`);
    expect(statSync(filePath).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}").outbox).toBe(filePath);
    expect(lines[0]).not.toContain(token);
  });

  it("writes a long link and accented text whole, with no quoted-printable soft line breaks", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), "flowdeck-outbox-")), "outbox");
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Flowdeck <x@example.com>",
      outboxDir,
      logger: Fastify({ logger: false }).log,
    });
    expect(mailer.outbox).toBe(outboxDir);
    const link = `http://localhost:3000/invite/${"a1B2-c3D4_".repeat(12)}?from=mail`;
    const text = `Zoë invites you to Crème Brûlée Ops — accept within 7 days:\n\n${link}\n`;
    await mailer.send({ to: "ada@example.com", subject: "Join Crème Brûlée Ops", text });

    const [file] = readdirSync(outboxDir);
    const raw = readFileSync(path.join(outboxDir, file ?? ""), "utf8");
    expect(raw).toContain(`\n${link}\n`);
    expect(raw).toContain("Zoë invites you to Crème Brûlée Ops");
    expect(raw.slice(raw.indexOf("\n\n"))).not.toMatch(/=\n/);
    expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    const mail = parseMessage(raw);
    expect(mail.subject).toBe("Join Crème Brûlée Ops");
    expect(mail.text).toBe(text.replace(/\n$/, ""));
  });

  it("keeps two messages sent at the same moment in two files", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), "flowdeck-outbox-")), "outbox");
    const logger = Fastify({ logger: false }).log;
    const mailer = createMailer({ smtpUrl: undefined, from: "Flowdeck <x@example.com>", outboxDir, logger });
    const mail = { to: "ada@example.com", subject: "Hello", text: "Hello" };
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-01T00:00:00Z") });
    try {
      await Promise.all([mailer.send(mail), mailer.send(mail)]);
    } finally {
      vi.useRealTimers();
    }
    expect(readdirSync(outboxDir)).toHaveLength(2);
  });
});
