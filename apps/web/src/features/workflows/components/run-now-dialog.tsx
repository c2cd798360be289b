import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import { FREEZE_REASON_MAX } from "@flowdeck/shared/freeze-windows/schemas";
import { APPROVAL_LIMITS } from "@flowdeck/shared/runs/approvals";
import type { RunOptions } from "@flowdeck/shared/runs/schemas";
import { TASK_PLATFORM_LABELS } from "@flowdeck/shared/tasks/constants";
import {
  parameterValuesSchema,
  type ParameterValue,
  type ParameterValues,
} from "@flowdeck/shared/workflows/parameters";
import { useId, useMemo, useState } from "react";
import { z } from "zod";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { TextAreaField } from "@/components/ui/text-area-field.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { useZodForm } from "@/lib/use-zod-form.ts";
import { initialRunValues } from "../lib/run-form-values.ts";
import { FreezeNotice } from "./freeze-notice.tsx";
import { RunOnField, runOnTarget, type RunOn } from "./run-on-field.tsx";
import { TargetChoice } from "./target-choice.tsx";
import { RunParametersFields, type ParameterFieldsForm } from "./run-parameters-fields.tsx";

/**
 * A platform (a workflow on any one runner), "runners" (its own runners: every matching one, or
 * its chosen one, each on its own OS) or "checklist".
 */
export type RunChoice = RunnerPlatform | "runners" | "checklist";

/**
 * What Run now adds for a guarded workflow: the note to approvers, the typed name (decision 067),
 * an admin's reason to override a freeze window in force (decision 071).
 */
export type RunExtras = {
  note?: string;
  confirmName?: string;
  override?: { reason: string };
  /** Run on: one of its matching runners, or any one of a workflow on every runner (decision 080). */
  target?: ReturnType<typeof runOnTarget>;
};

type PlatformOption = RunOptions["platforms"][number];

/** What Run now says of a platform's runners: only those with the workflow's labels count. */
export function runnersText(option: PlatformOption, labels: readonly string[]) {
  const platform = TASK_PLATFORM_LABELS[option.platform];
  const withLabels = labels.length > 0 ? ` with the labels ${labels.join(", ")}` : "";
  if (option.runnersOnline > 0) {
    return `${option.runnersOnline} of ${option.runners} ${platform} runner${option.runners === 1 ? "" : "s"}${withLabels} online`;
  }
  if (labels.length > 0) return `No online ${platform} runner has the labels ${labels.join(", ")}: it waits queued`;
  if (option.runners === 0) return `No ${platform} runner is registered yet: it waits queued until one is`;
  return `No ${platform} runner is online: it waits queued until one is`;
}

/**
 * Run now: where the workflow runs. Its default platform (an online runner's) comes first and is
 * chosen; a checklist (ticked by hand, spec 4) is second, and runs only when chosen; the other
 * platforms with commands follow. A workflow with parameters asks for their values below, in a
 * form built from its declaration and checked with the server's own builder (decision 061):
 * each default filled in, or the values of the run being run again. A workflow that requires
 * approval asks for a note to its approvers; one that asks to type its name keeps Run disabled
 * until the name is typed exactly (the server refuses a person's run without it too).
 */
export function RunNowDialog({
  workflowName,
  options,
  busy,
  initialValues,
  error,
  onRun,
  onClose,
  canOverrideFreeze = false,
}: {
  workflowName: string;
  options: RunOptions;
  busy: boolean;
  /** Run again: the values of the run it repeats. */
  initialValues?: Record<string, ParameterValue | null>;
  /** The server's refusal, with its fields. */
  error?: unknown;
  onRun: (choice: RunChoice, parameters: ParameterValues | undefined, extras: RunExtras) => void;
  onClose: () => void;
  /** An admin or owner may override a freeze window in force, with a reason. */
  canOverrideFreeze?: boolean;
}) {
  const byPlatform = options.target.mode === "any";
  const [choice, setChoice] = useState<RunChoice>(byPlatform ? (options.defaultPlatform ?? "checklist") : "runners");
  const [runOn, setRunOn] = useState<RunOn>("");
  const [note, setNote] = useState("");
  const [typedName, setTypedName] = useState("");
  const [overrideReason, setOverrideReason] = useState("");
  const frozen = options.freeze?.active === true;
  const overridden = !frozen || (canOverrideFreeze && overrideReason.trim() !== "");
  const ready = (!options.confirmName || typedName === workflowName) && overridden;
  const name = useId();
  const formId = useId();
  const declaration = options.parameters;
  const schema = useMemo(() => z.object({ parameters: parameterValuesSchema(declaration) }), [declaration]);
  const form = useZodForm(schema, {
    defaultValues: { parameters: initialRunValues(declaration, initialValues) },
  });
  const { attach } = form;
  const [shownError, setShownError] = useState<unknown>(undefined);
  if (error !== shownError) {
    setShownError(error);
    if (error) form.showServerError(error, "The run could not be started. Please try again.");
  }
  const extras: RunExtras = {
    ...(options.requiresApproval && note.trim() && { note: note.trim() }),
    ...(options.confirmName && { confirmName: typedName }),
    ...(frozen && overrideReason.trim() && { override: { reason: overrideReason.trim() } }),
    ...(choice !== "checklist" && runOn !== "" && { target: runOnTarget(runOn) }),
  };
  const choose = (next: RunChoice) => {
    setChoice(next);
    // A runner offered for one OS is not offered for another.
    if (byPlatform) setRunOn("");
  };
  const submit = form.submit((values) => {
    if (ready) onRun(choice, declaration.length > 0 ? values.parameters : undefined, extras);
  });
  const first = options.platforms.filter((option) => option.platform === options.defaultPlatform);
  const rest = options.platforms.filter((option) => option.platform !== options.defaultPlatform);
  const platform = (option: PlatformOption) => (
    <label key={option.platform} className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value={option.platform}
        checked={choice === option.platform}
        onChange={() => choose(option.platform)}
        className="mt-1"
      />
      <span>
        <span className="font-medium">On {TASK_PLATFORM_LABELS[option.platform]}</span>
        <span className="block text-gray-600 dark:text-gray-400">{runnersText(option, options.labels)}</span>
      </span>
    </label>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Run ${workflowName}`}
      description={
        options.platforms.length === 0
          ? "Its commands have no command line for any platform: it can only run as a checklist."
          : "Where should it run?"
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={!ready}>
            {options.requiresApproval ? "Ask for approval" : frozen ? "Override and run" : "Run"}
          </Button>
        </>
      }
    >
      <form id={formId} ref={attach} onSubmit={submit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <fieldset className="space-y-2">
          <legend className="sr-only">Where it runs</legend>
          {byPlatform ? (
            first.map(platform)
          ) : (
            <TargetChoice options={options} name={name} checked={choice === "runners"} onChoose={choose} />
          )}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value="checklist"
              checked={choice === "checklist"}
              onChange={() => choose("checklist")}
              className="mt-1"
            />
            <span>
              <span className="font-medium">As a checklist</span>
              <span className="block text-gray-600 dark:text-gray-400">
                Nothing is executed: people tick the steps.
              </span>
            </span>
          </label>
          {byPlatform && rest.map(platform)}
        </fieldset>
        {choice !== "checklist" && options.target.mode !== "runner" && (
          <RunOnField
            options={options}
            platform={choice === "runners" ? null : choice}
            value={runOn}
            onChange={setRunOn}
          />
        )}
        {declaration.length > 0 && (
          <fieldset className="space-y-3 border-t border-gray-200 pt-4 dark:border-gray-800">
            <legend className="sr-only">Parameters</legend>
            <RunParametersFields
              form={form as unknown as ParameterFieldsForm}
              prefix="parameters"
              declaration={declaration}
            />
          </fieldset>
        )}
        {options.requiresApproval && (
          <div className="space-y-2 border-t border-gray-200 pt-4 dark:border-gray-800">
            <p className="text-sm text-gray-600 dark:text-gray-400">
              This workflow requires approval: the run waits until an approver approves it.
            </p>
            <TextAreaField
              label="Note to approvers"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              limit={APPROVAL_LIMITS.note}
              rows={3}
            />
          </div>
        )}
        {options.freeze && (
          <FreezeNotice
            freeze={options.freeze}
            whileFrozen={
              canOverrideFreeze ? "Give a reason to override it." : "Only an admin or owner can override it."
            }
          />
        )}
        {frozen && canOverrideFreeze && (
          <TextField
            label="Reason to override the freeze window"
            required
            value={overrideReason}
            onChange={(event) => setOverrideReason(event.target.value)}
            limit={FREEZE_REASON_MAX}
            hint="Recorded in the audit log and shown on the run."
          />
        )}
        {options.confirmName && (
          <TextField
            label={`Type "${workflowName}" to confirm`}
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            hint="This workflow asks to type its name before running."
          />
        )}
      </form>
    </Modal>
  );
}
