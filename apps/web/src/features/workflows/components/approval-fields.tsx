import { ROLES, type Role } from "@flowdeck/shared";
import { APPROVAL_LIMITS, maySetGuardrails } from "@flowdeck/shared/runs/approvals";
import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@/components/ui/select-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useApproverCandidates } from "../api/get-approver-candidates.ts";
import { runOptionsQueryOptions } from "../api/get-run-options.ts";
import { FreezeNotice } from "./freeze-notice.tsx";
import type { WorkflowForm } from "../lib/workflow-form-values.ts";

/**
 * The workflow's guardrails (decision 067): "Requires approval" — who may approve (a minimum role
 * and/or named members), how many approvals, how long a request waits — and "Respect freeze
 * windows", which only admins and owners change (others see them, disabled); and "Ask to type the
 * workflow's name before running", which anyone who edits the workflow may set.
 */
export function ApprovalFields({
  orgId,
  form,
  role,
  workflowId,
}: {
  orgId: string;
  form: WorkflowForm;
  role: Role | null;
  /** The workflow being edited: its freeze window in force, or starting within 24 hours, is shown. */
  workflowId?: string;
}) {
  const editable = maySetGuardrails(role);
  const respects = form.watch("respectFreezeWindows");
  const freeze = useQuery({
    ...runOptionsQueryOptions(orgId, workflowId ?? ""),
    enabled: Boolean(workflowId) && respects,
  }).data?.freeze;
  const requires = form.watch("requiresApproval");
  const memberIds = form.watch("approvalMemberIds");
  const candidates = useApproverCandidates(orgId, requires && editable);
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium">Guardrails</legend>
      {!editable && (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Only admins and owners can change the approval and freeze-window settings.
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          disabled={!editable}
          {...form.register("requiresApproval", {
            onChange: (event: { target: { checked: boolean } }) => {
              // On by default when approval is set.
              if (event.target.checked) form.setValue("respectFreezeWindows", true);
            },
          })}
        />
        Requires approval
      </label>
      {requires && (
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Who may approve"
            disabled={!editable}
            error={form.errorOf("approvalMinRole")}
            {...form.register("approvalMinRole")}
          >
            {ROLES.slice(1).map((minimum) => (
              <option key={minimum} value={minimum}>
                {minimum === "owner" ? "Owners" : `${minimum[0]!.toUpperCase()}${minimum.slice(1)}s and above`}
              </option>
            ))}
            <option value="">Only the named members</option>
          </SelectField>
          <SelectField
            label="Approvals needed"
            disabled={!editable}
            error={form.errorOf("approvals")}
            {...form.register("approvals")}
          >
            {[1, 2, 3].map((count) => (
              <option key={count} value={String(count)}>
                {count}
              </option>
            ))}
          </SelectField>
          <TextField
            label="A request expires after (hours)"
            type="number"
            min={1 / 60}
            max={APPROVAL_LIMITS.expiresAfterMinutes.max / 60}
            step="any"
            disabled={!editable}
            error={form.errorOf("approvalExpiryHours")}
            {...form.register("approvalExpiryHours")}
          />
          {editable && (
            <fieldset className="space-y-1 sm:col-span-3">
              <legend className="text-sm text-gray-700 dark:text-gray-200">Named approvers (any role)</legend>
              {candidates.isError && <p className="text-sm text-red-700">{candidates.error.message}</p>}
              {candidates.isPending && <p className="text-sm text-gray-500">Loading the members…</p>}
              <div className="grid gap-1 sm:grid-cols-2">
                {candidates.data?.items.map((member) => (
                  <label key={member.userId} className="flex min-w-0 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={memberIds.includes(member.userId)}
                      onChange={(event) =>
                        form.setValue(
                          "approvalMemberIds",
                          event.target.checked
                            ? [...memberIds, member.userId]
                            : memberIds.filter((id) => id !== member.userId),
                        )
                      }
                    />
                    <span className="truncate">{member.name || member.email}</span>
                  </label>
                ))}
              </div>
              {form.errorOf("approvalMemberIds") && (
                <p className="text-sm text-red-700 dark:text-red-400">{form.errorOf("approvalMemberIds")}</p>
              )}
            </fieldset>
          )}
          {!editable && memberIds.length > 0 && (
            <p className="text-sm text-gray-600 sm:col-span-3 dark:text-gray-400">
              {memberIds.length} named member{memberIds.length === 1 ? "" : "s"} may approve too.
            </p>
          )}
          <p className="text-sm text-gray-600 sm:col-span-3 dark:text-gray-400">
            The one who asks for a run can never approve it, and nobody approves twice.
          </p>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" disabled={!editable} {...form.register("respectFreezeWindows")} />
        Respect freeze windows
      </label>
      {respects && freeze && (
        <FreezeNotice freeze={freeze} whileFrozen="Run now is refused unless an admin or owner overrides it." />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("confirmName")} />
        Ask to type the workflow&apos;s name before running
      </label>
    </fieldset>
  );
}
