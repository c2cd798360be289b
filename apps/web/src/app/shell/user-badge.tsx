import type { Me } from "@flowdeck/shared";

function displayNameOf(user: Me["user"]): string {
  return user.displayName || user.email.split("@")[0] || user.email;
}

/** Spec 2: the first letter of the display name or email (else 'U'), the name, and the email. */
export function UserBadge({ user }: { user: Me["user"] }) {
  const initial = (user.displayName || user.email || "U").charAt(0).toUpperCase() || "U";
  return (
    <div className="flex min-w-0 items-center gap-3">
      {user.avatarUrl ? (
        <img src={user.avatarUrl} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
        >
          {initial}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{displayNameOf(user)}</p>
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">{user.email}</p>
      </div>
    </div>
  );
}
