import { ACCESS_DENIED_HINT, accessDeniedMessage, type Role } from "@flowdeck/shared";
import { ShieldAlert } from "lucide-react";

/** Spec 6: the required role and the current role, and whom to ask. */
export function AccessDenied({ required, current }: { required: Role; current: Role | null }) {
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto max-w-lg rounded-xl border border-red-200 bg-white p-8 text-center dark:border-red-900 dark:bg-gray-900"
    >
      <ShieldAlert className="mx-auto h-10 w-10 text-red-500" aria-hidden />
      <h1 id="access-denied-title" className="mt-4 text-xl font-semibold">
        Access denied
      </h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{accessDeniedMessage(required, current)}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{ACCESS_DENIED_HINT}</p>
    </section>
  );
}
