import type { Mail } from "../../lib/mailer.ts";

export function passwordResetMail({ to, url }: { to: string; url: string }): Mail {
  return {
    to,
    subject: "Reset your Flowdeck password",
    text: [
      "Someone asked to reset the password of your Flowdeck account.",
      "",
      `Set a new password here: ${url}`,
      "",
      "The link is valid for 1 hour and can be used once. If you did not ask for this, ignore this message.",
    ].join("\n"),
  };
}
