import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function InvitationsPage() {
  return <FeaturePendingPage title="Invitations" />;
}
