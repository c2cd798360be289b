import os from "node:os";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";

/**
 * The platform whose command lines this machine runs. Other POSIX systems (FreeBSD, …) run the
 * Linux lines: they have the same shells.
 */
export function detectPlatform(platform: NodeJS.Platform = process.platform): RunnerPlatform {
  if (platform === "win32") return "windows";
  if (platform === "darwin") return "mac";
  return "linux";
}

export function detectArch(): string {
  return os.arch();
}

export function platformLabel(platform: RunnerPlatform): string {
  return { linux: "Linux", mac: "macOS", windows: "Windows" }[platform];
}
