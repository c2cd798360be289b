import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function SettingsPage() {
  return <FeaturePendingPage title="Organization Settings" />;
}
