import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO), lowercase. */
  recipients: string[];
  to: string;
  subject: string;
  /** The text/plain body, transfer encoding undone. */
  text: string;
  raw: string;
};

export type SmtpInbox = {
  /** An SMTP_URL that reaches this server. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, for tests. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = { recipients, ...parseMessage(Buffer.concat(chunks).toString("utf8")) };
        messages.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for our own mail: headers, one text/plain part, quoted-printable or base64. */
export function parseMessage(raw: string): Omit<ReceivedMail, "recipients"> {
  const { headers, body } = splitEntity(raw);
  return {
    to: headers.get("to") ?? "",
    subject: decodeWords(headers.get("subject") ?? ""),
    text: textPart(headers, body),
    raw,
  };
}

function splitEntity(entity: string) {
  const normalized = entity.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textPart(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const entity = splitEntity(part.replace(/^\n/, ""));
      const text = textPart(entity.headers, entity.body);
      if (text) return text;
    }
    return "";
  }
  if (!/^text\/plain/i.test(type)) return "";
  return decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit").replace(/\n$/, "");
}

function decodeBody(body: string, encoding: string): string {
  if (/^base64$/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/^quoted-printable$/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, "")
    .split(/(=[0-9A-F]{2})/i)
    .flatMap((piece) =>
      /^=[0-9A-F]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, "utf8")],
    );
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}
