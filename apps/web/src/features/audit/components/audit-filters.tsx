import { ACTOR_KINDS } from "@flowdeck/shared/audit/actors";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
} from "@flowdeck/shared/audit/actions";
import type { ActorKind } from "@flowdeck/shared/audit/actors";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import type { AuditFilters } from "../api/audit-keys.ts";
import { ACTOR_KIND_LABELS, ENTITY_LABELS } from "./audit-labels.ts";

const ACTIONS = Object.entries(AUDIT_ACTIONS) as [AuditAction, { label: string }][];

/** The filter bar: applied on submit, so typing a name does not query on every key. */
export function AuditFiltersForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState<AuditFilters>(value);
  const set = (changes: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...changes }));
  const toRange = draft.from && draft.to && draft.to < draft.from ? "The end date is before the start date" : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (toRange) return;
    onApply(withoutEmpty(draft));
  };

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-gray-800 dark:bg-gray-900"
    >
      <TextField
        label="Actor"
        placeholder="Name or e-mail"
        value={draft.actor ?? ""}
        onChange={(event) => set({ actor: event.target.value })}
      />
      <SelectField
        label="Actor type"
        value={draft.actorKind ?? ""}
        onChange={(event) => set({ actorKind: (event.target.value || undefined) as ActorKind | undefined })}
      >
        <option value="">Any</option>
        {ACTOR_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {ACTOR_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Action"
        value={draft.action ?? ""}
        onChange={(event) => set({ action: (event.target.value || undefined) as AuditAction | undefined })}
      >
        <option value="">Any</option>
        {ACTIONS.map(([action, rule]) => (
          <option key={action} value={action}>
            {rule.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Entity type"
        value={draft.entityType ?? ""}
        onChange={(event) => set({ entityType: (event.target.value || undefined) as AuditEntityType | undefined })}
      >
        <option value="">Any</option>
        {AUDIT_ENTITY_TYPES.map((type) => (
          <option key={type} value={type}>
            {ENTITY_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={draft.from ?? ""}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={draft.to ?? ""}
        error={toRange}
        onChange={(event) => set({ to: event.target.value })}
      />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function withoutEmpty(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as AuditFilters;
}
