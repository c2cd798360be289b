import type { Member } from "@flowdeck/shared/members/schemas";

/** The display name, else the part of the email before the @ (as the app shell does). */
export function memberName(member: Pick<Member, "name" | "email">): string {
  return member.name || member.email.split("@")[0] || member.email;
}
