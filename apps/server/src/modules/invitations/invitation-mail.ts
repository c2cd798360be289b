import { oneLine } from "@flowdeck/shared/text/control-characters";
import type { Mail } from "../../lib/mailer.ts";

export type InvitationMailContent = {
  to: string;
  organizationName: string;
  inviterName: string;
  role: string;
  customMessage: string | null;
  link: string;
  expiresAt: Date;
};

/** The invitation message (spec 7 sendInviteEmail): organization, inviter, role, custom message, link. */
export function invitationMail(content: InvitationMailContent): Mail {
  const { to, role, customMessage, link, expiresAt } = content;
  // Names are the users' own text and were not always checked: each is one line here.
  const organizationName = oneLine(content.organizationName);
  const inviterName = oneLine(content.inviterName);
  const expires = expiresAt.toUTCString();
  const text = [
    `${inviterName} has invited you to join ${organizationName} on Flowdeck as ${article(role)} ${role}.`,
    ...(customMessage ? ["", `Message from ${inviterName}:`, customMessage] : []),
    "",
    `Accept the invitation here: ${link}`,
    "",
    `The invitation is valid until ${expires}. If you did not expect it, you can ignore this message.`,
  ].join("\n");
  const html = [
    `<p>${escape(inviterName)} has invited you to join <strong>${escape(organizationName)}</strong> on Flowdeck as ${article(role)} <strong>${escape(role)}</strong>.</p>`,
    ...(customMessage
      ? [
          `<p>Message from ${escape(inviterName)}:</p>`,
          `<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #c7d2fe">${escape(customMessage).replace(/\n/g, "<br>")}</blockquote>`,
        ]
      : []),
    `<p><a href="${escape(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">Accept the invitation</a></p>`,
    `<p>Or open this address: <a href="${escape(link)}">${escape(link)}</a></p>`,
    `<p style="color:#6b7280;font-size:13px">The invitation is valid until ${escape(expires)}. If you did not expect it, you can ignore this message.</p>`,
  ].join("\n");
  const subject = `${inviterName} invited you to join ${organizationName} on Flowdeck`;
  return { to, subject, text, html };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function escape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
