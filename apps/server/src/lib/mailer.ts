import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * SMTP when SMTP_URL is set (nodemailer URL options such as `?ignoreTLS=true` or
 * `?tls.rejectUnauthorized=false` go in its query). Otherwise each message is written to
 * data/outbox/*.eml so a self-hoster without a mail server can still open invitation and reset links.
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
      await mkdir(options.outboxDir, { recursive: true });
      // Time first so the files sort by age; the random part keeps two messages in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(mail.to)}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The link itself carries a secret token, so the log names the file that holds it.
      options.logger.info({ outbox: file, subject: mail.subject }, "No SMTP_URL set: mail written to the outbox");
    },
  };
}

function safe(address: string): string {
  return address.replace(/[^a-zA-Z0-9@._-]/g, "_");
}
