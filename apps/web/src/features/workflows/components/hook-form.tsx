import {
  HOOK_SIGNATURE_LABELS,
  HOOK_SIGNATURES,
  type CreateHookInput,
  type HookSignature,
} from "@flowdeck/shared/hooks/schemas";
import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";

type Row = { parameter: string; pointer: string };

type HookFormProps = {
  workflow: Workflow;
  busy: boolean;
  error?: { message: string; fields?: Record<string, string> };
  onSubmit: (input: CreateHookInput & { signature: HookSignature; parameters: Record<string, string> }) => void;
};

/** A new webhook: its name, signature mode and which body values (by JSON pointer) fill which parameters. */
export function HookForm({ workflow, busy, error, onSubmit }: HookFormProps) {
  const [name, setName] = useState("");
  const [signature, setSignature] = useState<HookSignature>("github");
  const [rows, setRows] = useState<Row[]>([]);
  const unused = workflow.parameters.filter((parameter) => !rows.some((row) => row.parameter === parameter.name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parameters = Object.fromEntries(
      rows.filter((row) => row.parameter).map((row) => [row.parameter, row.pointer]),
    );
    onSubmit({ name, signature, parameters });
  };
  const setRow = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="New webhook">
      <TextField
        label="Webhook name"
        value={name}
        required
        maxLength={100}
        error={error?.fields?.name}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Signature"
        value={signature}
        onChange={(event) => setSignature(event.target.value as HookSignature)}
        hint="GitHub and Flowdeck modes check an HMAC-SHA256 of the body with a signing secret."
      >
        {HOOK_SIGNATURES.map((mode) => (
          <option key={mode} value={mode}>
            {HOOK_SIGNATURE_LABELS[mode]}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-700 dark:text-gray-300">Parameters from the body</legend>
        {workflow.parameters.length === 0 && (
          <p className="text-sm text-gray-600 dark:text-gray-400">This workflow declares no parameters.</p>
        )}
        {rows.map((row, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <SelectField
              label={`Parameter ${index + 1}`}
              value={row.parameter}
              onChange={(event) => setRow(index, { parameter: event.target.value })}
            >
              {[...workflow.parameters.filter((parameter) => parameter.name === row.parameter), ...unused].map(
                (parameter) => (
                  <option key={parameter.name} value={parameter.name}>
                    {parameter.name}
                  </option>
                ),
              )}
            </SelectField>
            <TextField
              label={`JSON pointer ${index + 1}`}
              placeholder="/ref"
              value={row.pointer}
              error={error?.fields?.[`parameters.${row.parameter}`]}
              onChange={(event) => setRow(index, { pointer: event.target.value })}
            />
            <Button
              variant="ghost"
              aria-label={`Remove parameter ${index + 1}`}
              onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
        ))}
        {unused.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => setRows((current) => [...current, { parameter: unused[0]!.name, pointer: "" }])}
          >
            <Plus aria-hidden className="size-4" />
            Map a parameter
          </Button>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error.message}
        </p>
      )}
      <Button type="submit" busy={busy}>
        Create webhook
      </Button>
    </form>
  );
}
