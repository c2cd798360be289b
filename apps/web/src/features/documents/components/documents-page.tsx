import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function DocumentsPage() {
  return <FeaturePendingPage title="Documents" />;
}
