import { ROLE_BADGE_COLOR, roleLabel, type Role } from "@flowdeck/shared";
import { Badge } from "@/components/ui/badge.tsx";

/** Owner red, admin purple, editor blue, other gray; 'member' for a membership without a role (spec 2). */
export function MemberRoleBadge({ role }: { role: Role | null }) {
  return <Badge color={role ? ROLE_BADGE_COLOR[role] : "gray"}>{roleLabel(role)}</Badge>;
}
