import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { Alert } from "@/components/ui/alert.tsx";
import { formatDateTime } from "@/lib/format-date.ts";

/** A freeze window in force now, or starting within 24 hours (decision 071). */
export function FreezeNotice({
  freeze,
  whileFrozen,
}: {
  freeze: NonNullable<RunOptions["freeze"]>;
  /** What the reader can do about a window in force. */
  whileFrozen: string;
}) {
  if (!freeze.active) {
    return (
      <Alert tone="info">
        A freeze window starts {formatDateTime(freeze.startsAt)}: “{freeze.reason}”. Runs will be held until{" "}
        {formatDateTime(freeze.endsAt)}.
      </Alert>
    );
  }
  return (
    <Alert tone="error">
      Frozen until {formatDateTime(freeze.endsAt)}: “{freeze.reason}”. {whileFrozen}
    </Alert>
  );
}
