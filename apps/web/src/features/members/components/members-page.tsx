import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function MembersPage() {
  return <FeaturePendingPage title="Members" />;
}
