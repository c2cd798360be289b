import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to data/outbox/*.eml so a
 * self-hoster without a mail server can still open invitation and reset links.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(mail.to)}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // The link itself carries a secret token, so the log names the file that holds it.
      options.logger.info({ outbox: file, subject: mail.subject }, "No SMTP_URL set: mail written to the outbox");
    },
  };
}

function safe(address: string): string {
  return address.replace(/[^a-zA-Z0-9@._-]/g, "_");
}
