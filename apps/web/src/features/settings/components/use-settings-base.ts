import type { OrganizationSettings } from "@flowdeck/shared/settings/schemas";
import { useState } from "react";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { SettingsFormSchema, formValuesOf, sameValues } from "./settings-form-values.ts";

/**
 * The settings form and what it was loaded from (its base). A new base (saved, or someone else's
 * save) resets the form to it: untouched fields follow a live update at once; with edits in
 * progress, `changedElsewhere` asks the person to decide.
 */
export function useSettingsBase(settings: OrganizationSettings, saving: boolean) {
  const [base, setBase] = useState(() => formValuesOf(settings));
  const form = useZodForm(SettingsFormSchema, { defaultValues: base, values: base });
  const values = form.watch();
  const dirty = !sameValues(values, base);
  const latest = formValuesOf(settings);
  const changedElsewhere = !sameValues(latest, base);
  if (changedElsewhere && !dirty && !saving) setBase(latest);
  return {
    form,
    values,
    dirty,
    changedElsewhere,
    loadLatest: () => setBase(latest),
    saved: (next: OrganizationSettings) => setBase(formValuesOf(next)),
    discard: () => form.reset(base),
  };
}
