import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  capOutputs,
  outputBytes,
  outputEnvName,
  parseOutputFile,
  STEP_CONTROL_LIMITS,
} from "@flowdeck/shared/workflows/step-control";

/**
 * A run's step outputs (docs/decisions/072): a fresh file per step attempt named by
 * FLOWDECK_OUTPUT, read after it as GitHub reads $GITHUB_OUTPUT, masked, kept within the run's
 * 64 KB, and given to later steps as FLOWDECK_OUTPUT_<STEP>_<KEY>.
 */
export class StepOutputs {
  private used = 0;
  /** FLOWDECK_OUTPUT_STEP1_VERSION → value, for the steps after. */
  readonly env: Record<string, string> = {};

  constructor(readonly dir: string) {}

  /** A fresh, empty file for one attempt of a step. */
  async freshFile(position: number, attempt: number): Promise<string> {
    const file = path.join(this.dir, `step${position + 1}-attempt${attempt}.txt`);
    await writeFile(file, "", { mode: 0o600 });
    return file;
  }

  /**
   * Reads what the step wrote: `values` are masked and within the cap; `notes` are lines for the
   * run's log (lines that could not be read, outputs left out at the cap).
   */
  async collect(position: number, file: string, mask: (text: string) => string) {
    const text = await readFile(file, "utf8").catch(() => "");
    const parsed = parseOutputFile(text);
    const notes = parsed.problems.map((problem) => `FLOWDECK_OUTPUT: ${problem}; ignored.`);
    const masked = Object.fromEntries(Object.entries(parsed.values).map(([key, value]) => [key, mask(value)]));
    const capped = capOutputs(masked, STEP_CONTROL_LIMITS.outputBytes - this.used);
    this.used += outputBytes(capped.kept);
    if (capped.dropped.length > 0) {
      notes.push(
        `Step outputs are limited to ${STEP_CONTROL_LIMITS.outputBytes / 1024} KB per run: ${capped.dropped.join(", ")} left out.`,
      );
    }
    for (const [key, value] of Object.entries(capped.kept)) this.env[outputEnvName(position, key)] = value;
    return { values: capped.kept, truncated: capped.dropped.length > 0, notes };
  }
}
