import type { InvitationPreview } from "@flowdeck/shared/invitations/schemas";

/** Invitation Details (spec 2): organization name, role, invited by, email. */
export function InvitationDetails({ invitation }: { invitation: InvitationPreview }) {
  const rows = [
    ["Organization", invitation.organizationName],
    ["Role", invitation.role],
    ["Invited by", invitation.invitedByName || "—"],
    ["Email", invitation.email],
  ] as const;
  return (
    <section
      aria-labelledby="invitation-details-title"
      className="rounded-lg border border-gray-200 bg-gray-50 p-4 dark:border-gray-800 dark:bg-gray-950"
    >
      <h2 id="invitation-details-title" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
        Invitation Details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          // Label above value on a phone, so a long address breaks only where it must.
          <div key={label} className="grid grid-cols-1 sm:grid-cols-[7rem_1fr] sm:gap-2">
            <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="min-w-0 font-medium wrap-anywhere text-gray-900 dark:text-gray-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
