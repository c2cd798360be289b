import type { Member } from "@flowdeck/shared/members/schemas";

/** The display name, else the part of the email before the @ (as the app shell does). */
export function memberName(member: Pick<Member, "name" | "email">): string {
  return member.name || member.email.split("@")[0] || member.email;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });

export function formatJoined(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** An address that may wrap after its @ rather than anywhere inside a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
