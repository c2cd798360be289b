import { Alert } from "@/components/ui/alert.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useNotificationMutes, useSetNotificationMute } from "../api/notification-mutes.ts";

/** Per organization: whether its notification rules may mail me. */
export function NotificationMutesSection() {
  const mutes = useNotificationMutes();
  const setMute = useSetNotificationMute();
  return (
    <section
      aria-labelledby="notification-mutes-title"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="notification-mutes-title" className="text-lg font-semibold">
        Notification mail
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Mute an organization to stop its notification rules from mailing you. Invitations and password resets still
        arrive.
      </p>
      <div className="mt-4">
        {mutes.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : mutes.isError ? (
          <Alert tone="error">{mutes.error.message}</Alert>
        ) : mutes.data.items.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">You are not a member of any organization yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {mutes.data.items.map((item) => (
              <li key={item.organizationId} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 text-sm break-words">{item.organizationName}</span>
                <label className="flex shrink-0 items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={item.muted}
                    disabled={setMute.isPending}
                    aria-label={`Mute notifications of ${item.organizationName}`}
                    onChange={(event) =>
                      setMute.mutate({ organizationId: item.organizationId, muted: event.target.checked })
                    }
                  />
                  Muted
                </label>
              </li>
            ))}
          </ul>
        )}
        {setMute.isError && <Alert tone="error">{setMute.error.message}</Alert>}
      </div>
    </section>
  );
}
