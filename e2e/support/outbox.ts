import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { e2eDataDir } from "./env.ts";

/**
 * Reads the mail the server wrote to DATA_DIR/outbox/*.eml (it does so when SMTP_URL is unset,
 * as in the end-to-end server). Enough of MIME for nodemailer's output: folded headers,
 * RFC 2047 encoded words, multipart bodies, quoted-printable and base64.
 */

export type Mail = {
  file: string;
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  date: Date;
  /** The text/plain body, decoded. */
  text: string;
  /** The text/html body, decoded, when the message has one. */
  html: string | undefined;
};

export type MailQuery = {
  /** Another server's DATA_DIR; the end-to-end server's by default. */
  dataDir?: string;
  /** An address the To header must contain (case-insensitive). */
  to: string;
  /** Text the subject must contain. */
  subjectIncludes?: string;
  /** Only mail written at or after this time (e.g. taken just before the action that sends it). */
  since?: Date;
  timeoutMs?: number;
};

/** Polls the outbox until a matching message arrives and returns the newest match. */
export async function waitForMail({
  dataDir,
  to,
  subjectIncludes,
  since,
  timeoutMs = 10_000,
}: MailQuery): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase();
  for (;;) {
    const matches = (await readOutbox({ since, dataDir })).filter(
      (mail) => mail.to.toLowerCase().includes(wanted) && (!subjectIncludes || mail.subject.includes(subjectIncludes)),
    );
    const newest = matches.at(-1);
    if (newest) return newest;
    if (Date.now() >= deadline) {
      const seen = (await readOutbox({ since, dataDir })).map((mail) => `  to ${mail.to}: ${mail.subject}`);
      throw new Error(
        `No mail to ${to}${subjectIncludes ? ` with "${subjectIncludes}" in the subject` : ""} within ${timeoutMs} ms.` +
          (seen.length ? `\nIn the outbox:\n${seen.join("\n")}` : " The outbox is empty."),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first absolute link in the mail whose path starts with pathPrefix (e.g. "/reset-password"). */
export function extractLink(mail: Mail, pathPrefix: string): string {
  const links = [mail.text, mail.html ?? ""]
    .flatMap((body) => body.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])
    .map((link) => link.replace(/&amp;/g, "&").replace(/[.,;:!?]+$/, ""));
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) {
    throw new Error(
      `No link to ${pathPrefix} in "${mail.subject}" (${mail.file}); links: ${links.join(", ") || "none"}`,
    );
  }
  return link;
}

/** Every message in the outbox, oldest first (file names start with an ISO timestamp). */
export async function readOutbox({ since, dataDir }: { since?: Date; dataDir?: string } = {}): Promise<Mail[]> {
  const dir = path.join(dataDir ?? e2eDataDir(), "outbox");
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const mails: Mail[] = [];
  for (const name of names.filter((entry) => entry.endsWith(".eml")).sort()) {
    const file = path.join(dir, name);
    if (since && (await stat(file)).mtime < since) continue;
    mails.push(parseMail(file, await readFile(file, "latin1")));
  }
  return mails;
}

/** Parses one message; `raw` is the file read as latin1, so one character is one byte. */
export function parseMail(file: string, raw: string): Mail {
  const { headers, body } = splitMessage(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((part) => part.type === "text/plain")?.text ?? "";
  const html = parts.find((part) => part.type === "text/html")?.text;
  return {
    file,
    headers,
    from: headers.from ?? "",
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    date: new Date(headers.date ?? 0),
    text,
    html,
  };
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  // Folded lines continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

type Part = { type: string; text: string };

function leafParts(headers: Record<string, string>, body: string): Part[] {
  const contentType = headers["content-type"] ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1) // the preamble
      .filter((chunk) => !chunk.startsWith("--")) // the closing delimiter
      .flatMap((chunk) => {
        const part = splitMessage(chunk.replace(/^\n/, ""));
        return leafParts(part.headers, part.body);
      });
  }
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? "utf-8";
  const bytes = decodeTransfer(body, headers["content-transfer-encoding"] ?? "7bit");
  return [{ type, text: new TextDecoder(charset).decode(bytes).replace(/\n$/, "") }];
}

function decodeTransfer(body: string, encoding: string): Uint8Array {
  switch (encoding.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    default:
      return Buffer.from(body, "latin1");
  }
}

/** Soft line breaks ("=" at a line's end) join lines, so long links come out whole; =XX is a byte. */
function decodeQuotedPrintable(body: string): Uint8Array {
  const joined = body.replace(/[ \t]+$/gm, "").replace(/=\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}

/** RFC 2047: =?UTF-8?Q?...?= and =?UTF-8?B?...?=; whitespace between adjacent encoded words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text.replace(/_/g, " "));
      return new TextDecoder(charset).decode(bytes);
    });
}
