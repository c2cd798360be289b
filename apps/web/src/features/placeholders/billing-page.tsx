import { ComingSoonPage } from "./coming-soon-page.tsx";

export function BillingPage() {
  return (
    <ComingSoonPage
      title="Billing"
      description="Manage your organization's plan, payments and invoices."
      features={[
        "Subscription plans and upgrades",
        "Credit top-up purchases",
        "Invoices and payment history",
        "Saved payment methods",
      ]}
    />
  );
}
