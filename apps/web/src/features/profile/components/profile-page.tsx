import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function ProfilePage() {
  return <FeaturePendingPage title="Profile" />;
}
