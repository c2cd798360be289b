import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Set when no mail server is configured: the directory messages are written to, which nobody receives. */
  outbox?: string;
};

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
    outbox: options.outboxDir,
    async send(mail) {
      // An HTML part cannot be left as written (see readableMessage): base64 at least keeps links whole.
      const info = await transport.sendMail({
        from: options.from,
        ...(mail.html && { textEncoding: "base64" }),
        ...mail,
      });
      await mkdir(options.outboxDir, { recursive: true });
      // Time first so the files sort by age; the random part keeps two messages in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe(mail.to)}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, readableMessage(info.message as Buffer, mail), { mode: 0o600 });
      // The link itself carries a secret token, so the log names the file that holds it.
      options.logger.info({ outbox: file, subject: mail.subject }, "No SMTP_URL set: mail written to the outbox");
    },
  };
}

function safe(address: string): string {
  return address.replace(/[^a-zA-Z0-9@._-]/g, "_");
}

const ENCODED_BODY = /^Content-Transfer-Encoding: (?:quoted-printable|base64)$/im;

/**
 * People open an outbox file in a text editor to copy its link, so a plain-text message keeps its
 * text as written (8bit: a file has no 7-bit mail hop to survive). Quoted-printable would cut a
 * long link with soft line breaks ("=" at a line's end), and base64 would hide it. (A message
 * with an HTML part, which Flowdeck does not send today, stays as nodemailer wrote it, in base64.)
 */
function readableMessage(message: Buffer, mail: Mail): Buffer {
  const raw = message.toString("utf8");
  const end = raw.indexOf("\n\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  if (mail.html !== undefined || !ENCODED_BODY.test(head)) return message;
  const text = mail.text.replace(/\r\n/g, "\n");
  return Buffer.from(
    `${head.replace(ENCODED_BODY, "Content-Transfer-Encoding: 8bit")}\n\n${text}${text.endsWith("\n") ? "" : "\n"}`,
  );
}
