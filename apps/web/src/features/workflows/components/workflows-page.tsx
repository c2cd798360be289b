import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function WorkflowsPage() {
  return <FeaturePendingPage title="Workflows" />;
}
