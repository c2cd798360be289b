import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, vi } from "vitest";
import { parseMessage } from "./smtp-inbox.ts";
import type { TestApp } from "./test-app.ts";

/** The newest mail to `to` in the server's outbox (no SMTP_URL) whose subject is `subject`. */
export function outboxMail(app: TestApp, to: string, subject: string) {
  const outbox = path.join(app.config.dataDir, "outbox");
  return vi.waitFor(() => {
    const mails = (existsSync(outbox) ? readdirSync(outbox).sort() : [])
      .map((file) => parseMessage(readFileSync(path.join(outbox, file), "utf8")))
      .filter((mail) => mail.to === to.toLowerCase() && mail.subject === subject);
    expect(mails.length).toBeGreaterThan(0);
    return mails.at(-1)!;
  });
}

/** The token of a /register/confirm link in a mail's text. */
export const confirmationTokenIn = (text: string) =>
  decodeURIComponent(/\/register\/confirm\?token=(\S+)/.exec(text)![1]!);
