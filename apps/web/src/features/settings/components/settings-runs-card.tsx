import { TextField } from "@/components/ui/text-field.tsx";
import { SectionCard } from "@/components/ui/section-card.tsx";
import type { SettingsField } from "./settings-details-fields.tsx";

/** What an executed run costs the organization. */
export function SettingsRunsCard({ field }: { field: SettingsField }) {
  return (
    <SectionCard title="Runs" id="runs-heading">
      <TextField
        label="Credits per run"
        type="number"
        min={0}
        step={1}
        hint="Taken from the balance each time a run is queued for a runner; 0 makes runs free. A run cancelled before a runner starts it is refunded."
        {...field("creditsPerRun")}
      />
    </SectionCard>
  );
}
