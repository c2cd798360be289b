import type { Mail } from "../../lib/mailer.ts";

export function confirmRegistrationMail({
  to,
  url,
  organizationName,
  hours,
}: {
  to: string;
  url: string;
  organizationName: string;
  hours: number;
}): Mail {
  return {
    to,
    subject: "Finish creating your Flowdeck account",
    text: [
      `Someone asked to create a Flowdeck account with this address and the organization "${organizationName}".`,
      "",
      `Finish creating it here: ${url}`,
      "",
      `The link is valid for ${hours} hours and can be used once. If you did not ask for this, ignore this message: nothing is created without it.`,
    ].join("\n"),
  };
}

/** What the owner of an existing account gets instead: the page answered the same either way. */
export function accountExistsMail({
  to,
  loginUrl,
  resetUrl,
}: {
  to: string;
  loginUrl: string;
  resetUrl: string;
}): Mail {
  return {
    to,
    subject: "You already have a Flowdeck account",
    text: [
      "Someone asked to create a Flowdeck account with this address, but it already has one.",
      "",
      `Sign in here: ${loginUrl}`,
      `Forgot your password? Reset it here: ${resetUrl}`,
      "",
      "If you did not ask for this, ignore this message: nothing has changed.",
    ].join("\n"),
  };
}
