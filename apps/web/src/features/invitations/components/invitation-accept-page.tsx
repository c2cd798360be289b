import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function InvitationAcceptPage() {
  return <FeaturePendingPage title="Invitation" />;
}
