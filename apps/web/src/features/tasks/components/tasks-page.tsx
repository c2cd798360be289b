import { FeaturePendingPage } from "@/features/placeholders/feature-pending-page.tsx";

export function TasksPage() {
  return <FeaturePendingPage title="Tasks" />;
}
