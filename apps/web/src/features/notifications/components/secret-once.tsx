import type { SavedNotificationRule } from "@flowdeck/shared/notifications/schemas";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";

/** The webhook's signing secret, shown this once: Flowdeck never shows it again. */
export function SecretOnce({ rule, onClose }: { rule: SavedNotificationRule; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title="Copy the signing secret"
      description="Your endpoint checks the Flowdeck-Signature header with it. It is not shown again."
    >
      <div className="space-y-4">
        <label className="block space-y-1 text-sm font-medium text-gray-700 dark:text-gray-200">
          <span>Signing secret of {rule.name}</span>
          <input
            readOnly
            value={rule.webhookSecret ?? ""}
            onFocus={(event) => event.target.select()}
            className="block w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100"
          />
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(rule.webhookSecret ?? "")}>
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Modal>
  );
}
