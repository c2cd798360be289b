import { SETTINGS_MESSAGES } from "@flowdeck/shared/settings/messages";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";

/** Under the settings: what the last save did, what to fix, and Discard / Save Settings. */
export function SettingsFormFooter({
  saved,
  onDismissSaved,
  formError,
  fieldErrors,
  dirty,
  saving,
  onDiscard,
}: {
  saved: boolean;
  onDismissSaved: () => void;
  /** The message that belongs to no field. */
  formError: string | undefined;
  /** Some field is marked: the person may have to scroll back up to it. */
  fieldErrors: boolean;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  return (
    <div className="space-y-3">
      {saved && (
        <Alert tone="success" onDismiss={onDismissSaved}>
          {SETTINGS_MESSAGES.updated}
        </Alert>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      {fieldErrors && <Alert tone="error">Please correct the highlighted fields.</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </Button>
        <Button type="submit" busy={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </div>
  );
}
