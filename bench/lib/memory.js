import { readFileSync } from "node:fs";

/**
 * The process's resident memory from /proc/<pid>/status (Linux): VmRSS now and VmHWM, the peak
 * since it started, in MB. Null where /proc is missing.
 */
export function memoryOf(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const kilobytes = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kilobytes("VmRSS") / 1024, peakMb: kilobytes("VmHWM") / 1024 };
}

/** "412 MB (peak 530 MB)". */
export function formatMemory(memory) {
  if (!memory) return "unavailable (no /proc)";
  return `${Math.round(memory.rssMb)} MB (peak ${Math.round(memory.peakMb)} MB)`;
}
