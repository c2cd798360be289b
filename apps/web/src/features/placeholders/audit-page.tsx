import { ComingSoonPage } from "./coming-soon-page.tsx";

export function AuditPage() {
  return (
    <ComingSoonPage
      title="Audit Log"
      description="See who did what in your organization, and when."
      features={[
        "Member, role and invitation changes",
        "Workflow and task activity",
        "Document uploads, downloads and deletions",
        "Filters by member, action and date",
      ]}
    />
  );
}
