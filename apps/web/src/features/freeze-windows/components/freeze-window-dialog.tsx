import { FREEZE_WINDOW_MESSAGES as M } from "@flowdeck/shared/freeze-windows/messages";
import {
  CreateFreezeWindowSchema,
  FREEZE_REASON_MAX,
  type CreateFreezeWindowInput,
} from "@flowdeck/shared/freeze-windows/schemas";
import { instantFromLocal } from "@flowdeck/shared/freeze-windows/window-times";
import { useId } from "react";
import { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { useCreateFreezeWindow, useFreezeWindows } from "../api/freeze-windows.ts";

/** Monday first, as calendars in most of the world show a week; values count from Sunday 0. */
const DAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 0, label: "Sunday" },
];

/** The form's fields, checked by the API's own schema once turned into its body. */
function formSchema(timeZone: string) {
  return z
    .object({
      kind: z.enum(["one-off", "weekly"]),
      reason: z.string(),
      startsLocal: z.string(),
      endsLocal: z.string(),
      days: z.array(z.string()),
      from: z.string(),
      to: z.string(),
    })
    .transform((form, context): CreateFreezeWindowInput => {
      const body: CreateFreezeWindowInput =
        form.kind === "weekly"
          ? { reason: form.reason, weekly: { days: form.days.map(Number), from: form.from, to: form.to } }
          : {
              reason: form.reason,
              startsAt: instantFromLocal(form.startsLocal, timeZone) ?? "",
              endsAt: instantFromLocal(form.endsLocal, timeZone) ?? "",
            };
      const checked = CreateFreezeWindowSchema.safeParse(body);
      const fieldOf: Record<string, string> = {
        startsAt: "startsLocal",
        endsAt: "endsLocal",
        "weekly.days": "days",
        "weekly.from": "from",
        "weekly.to": "to",
        weekly: "days",
      };
      for (const issue of checked.error?.issues ?? []) {
        const path = issue.path.filter((part) => typeof part !== "number").join(".");
        context.addIssue({ code: "custom", message: issue.message, path: [fieldOf[path] ?? path] });
      }
      return body;
    });
}

/** "New freeze window": one-off (from–to, in the organization's time zone) or weekly (days and hours). */
export function FreezeWindowDialog({
  orgId,
  onClose,
  onSaved,
}: {
  orgId: string;
  onClose: () => void;
  onSaved: (reason: string) => void;
}) {
  const timeZone = useFreezeWindows(orgId).data?.timeZone ?? "UTC";
  const create = useCreateFreezeWindow(orgId);
  const kindName = useId();
  const form = useZodForm(formSchema(timeZone), {
    defaultValues: {
      kind: "one-off",
      reason: "",
      startsLocal: "",
      endsLocal: "",
      days: [],
      from: "18:00",
      to: "23:59",
    },
  });
  const { attach } = form;
  const kind = form.watch("kind");
  const submit = form.submit((body) =>
    create.mutate(body, {
      onSuccess: (created) => onSaved(created.reason),
      onError: (error) => form.showServerError(error, "The freeze window could not be saved"),
    }),
  );
  return (
    <Modal
      open
      onClose={() => !create.isPending && onClose()}
      title="New freeze window"
      description={`Times are in the organization's time zone, ${timeZone}.`}
    >
      <form ref={attach} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          label="Reason"
          required
          placeholder="Release weekend"
          limit={FREEZE_REASON_MAX}
          value={form.watch("reason")}
          error={form.errorOf("reason")}
          {...form.register("reason")}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Repeats</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={kindName}
              value="one-off"
              checked={kind === "one-off"}
              onChange={() => form.setValue("kind", "one-off")}
            />
            Once, from a date and time to another
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={kindName}
              value="weekly"
              checked={kind === "weekly"}
              onChange={() => form.setValue("kind", "weekly")}
            />
            Every week, on chosen days
          </label>
        </fieldset>
        {kind === "one-off" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Starts"
              type="datetime-local"
              required
              error={form.errorOf("startsLocal")}
              {...form.register("startsLocal")}
            />
            <TextField
              label="Ends"
              type="datetime-local"
              required
              error={form.errorOf("endsLocal")}
              {...form.register("endsLocal")}
            />
          </div>
        ) : (
          <>
            <fieldset
              className="space-y-2"
              aria-describedby={form.errorOf("days") ? `${kindName}-days-error` : undefined}
            >
              <legend className="text-sm font-medium">Days</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {DAYS.map((day) => (
                  <label key={day.value} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={String(day.value)} {...form.register("days")} />
                    {day.label}
                  </label>
                ))}
              </div>
              {form.errorOf("days") && (
                <p id={`${kindName}-days-error`} className="text-sm text-red-700 dark:text-red-400">
                  {form.errorOf("days") ?? M.daysRequired}
                </p>
              )}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="From" type="time" required error={form.errorOf("from")} {...form.register("from")} />
              <TextField
                label="To"
                type="time"
                required
                hint="A time before “From” ends the next day."
                error={form.errorOf("to")}
                {...form.register("to")}
              />
            </div>
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? "Saving..." : "Create freeze window"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
