import { ROLE_BADGE_COLOR, roleLabel, type Role } from "@flowdeck/shared";
import { Badge } from "@/components/ui/badge.tsx";

/** Owner red, admin purple, editor blue, any other gray (spec 2). */
export function RoleBadge({ role }: { role: Role | null }) {
  return <Badge color={role ? ROLE_BADGE_COLOR[role] : "gray"}>{roleLabel(role)}</Badge>;
}
