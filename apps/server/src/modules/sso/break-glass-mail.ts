import type { Mail } from "../../lib/mailer.ts";

/** Tells an organization's other admins and owners that its owner signed in past single sign-on. */
export function breakGlassMail(options: {
  to: string;
  owner: { email: string; name: string };
  organizationName: string;
  at: Date;
  ip: string | null;
  auditUrl: string;
}): Mail {
  const who = options.owner.name ? `${options.owner.name} (${options.owner.email})` : options.owner.email;
  return {
    to: options.to,
    subject: `${options.owner.email} signed in to ${options.organizationName} without single sign-on`,
    text: [
      `${who}, the owner of ${options.organizationName}, signed in to Flowdeck with their password and two-factor sign-in instead of your identity provider (break-glass).`,
      "",
      `When: ${options.at.toISOString()}`,
      ...(options.ip ? [`From: ${options.ip}`] : []),
      "",
      `The audit log keeps this sign-in: ${options.auditUrl}`,
      "",
      "If you did not expect it, ask the owner, and check the audit log for what followed.",
    ].join("\n"),
  };
}
