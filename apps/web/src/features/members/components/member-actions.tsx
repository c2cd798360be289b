import { assignableRoles, canRemoveMember, roleLabel, type Role } from "@flowdeck/shared";
import type { Member } from "@flowdeck/shared/members/schemas";
import { UserMinus } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { memberName } from "./member-display.tsx";

type Actor = { userId: string; role: Role | null };

/**
 * The role dropdown and Remove button of one row. Only what the shared rules allow is offered;
 * the server checks the same rules again.
 */
export function MemberActions({
  actor,
  member,
  disabled,
  onChangeRole,
  onRemove,
}: {
  actor: Actor;
  member: Member;
  disabled: boolean;
  onChangeRole: (role: Role) => void;
  onRemove: () => void;
}) {
  const options = assignableRoles(actor, member);
  const removable = canRemoveMember(actor, member);
  const name = memberName(member);
  if (options.length === 0 && !removable) {
    return (
      <span className="text-xs text-gray-500 dark:text-gray-400">
        {actor.userId === member.userId ? "This is you" : "Not editable"}
      </span>
    );
  }
  const current = member.role ?? "";
  return (
    <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
      {options.length > 0 && (
        <select
          aria-label={`Role of ${name}`}
          value={current}
          disabled={disabled}
          onChange={(event) => onChangeRole(event.target.value as Role)}
          className="rounded-lg border border-gray-300 bg-white py-1.5 pr-8 pl-2 text-sm text-gray-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-none disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          {/* A role the actor may not give (or none) is shown but cannot be chosen again. */}
          {!options.includes(current as Role) && (
            <option value={current} disabled>
              {roleLabel(member.role)}
            </option>
          )}
          {options.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      )}
      {removable && (
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Remove ${name}`}
          className="px-3 py-1.5 text-red-700 dark:text-red-400"
        >
          <UserMinus aria-hidden className="size-4" />
          Remove
        </Button>
      )}
    </div>
  );
}
