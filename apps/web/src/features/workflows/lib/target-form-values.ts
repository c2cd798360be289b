import type { CreateWorkflowInput } from "@flowdeck/shared/workflows/schemas";
import type { Target, TargetMode } from "@flowdeck/shared/runs/targets";

/**
 * "Where it runs" in the workflow form (decision 080), as typed. The names are the API's, so a
 * refusal about `target.runnerId` lands on its field without a table of paths.
 */
export type TargetFormValues = {
  mode: TargetMode;
  /** The chosen runner's id, or "" before one is chosen. */
  runnerId: string;
  /** Targets at once: blank for all of them, a number, or a percentage such as "50%". */
  batchSize: string;
  keepGoing: boolean;
  /** The success threshold in percent, as typed. */
  successThreshold: string;
  /** Offline runners are skipped at once, or waited for up to `offlineWaitMinutes`. */
  offlineWait: "skip" | "wait";
  offlineWaitMinutes: string;
};

type TargetInput = NonNullable<CreateWorkflowInput["target"]>;

export function emptyTargetForm(): TargetFormValues {
  return {
    mode: "any",
    runnerId: "",
    batchSize: "",
    keepGoing: false,
    successThreshold: "100",
    offlineWait: "skip",
    offlineWaitMinutes: "10",
  };
}

export function targetToForm(target: Target): TargetFormValues {
  const empty = emptyTargetForm();
  return {
    mode: target.mode,
    runnerId: target.runnerId ?? "",
    batchSize: target.batchSize === null ? "" : String(target.batchSize),
    keepGoing: target.keepGoing,
    successThreshold: String(target.successThreshold),
    offlineWait: target.offlineWaitMinutes > 0 ? "wait" : "skip",
    offlineWaitMinutes: target.offlineWaitMinutes > 0 ? String(target.offlineWaitMinutes) : empty.offlineWaitMinutes,
  };
}

/**
 * The API's `target`: only what the mode uses. Numbers go as typed (a blank one as NaN), so the
 * shared schema's message explains a bad one; "50%" stays text, "3" becomes a number.
 */
export function targetToInput(values: TargetFormValues): TargetInput {
  if (values.mode === "any") return { mode: "any" };
  if (values.mode === "runner") return { mode: "runner", runnerId: values.runnerId || null };
  const batch = values.batchSize.trim();
  return {
    mode: "all",
    batchSize: batch === "" ? null : /^\d+$/.test(batch) ? Number(batch) : batch,
    keepGoing: values.keepGoing,
    successThreshold: typedNumber(values.successThreshold),
    offlineWaitMinutes: values.offlineWait === "skip" ? 0 : typedNumber(values.offlineWaitMinutes),
  };
}

function typedNumber(text: string) {
  return text.trim() === "" ? Number.NaN : Number(text.trim());
}

const TARGET_FIELDS = new Set(["runnerId", "batchSize", "successThreshold", "offlineWaitMinutes"]);

/** Where the form shows a message about `target…`: under its field, else under the mode. */
export function targetFormField(path: string): string {
  const field = path.split(".")[1] ?? "";
  return TARGET_FIELDS.has(field) ? `target.${field}` : "target.mode";
}
