import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseShell } from "../../src/execution/shell.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-shell-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function install(name: string) {
  await writeFile(path.join(dir, name), "");
  await chmod(path.join(dir, name), 0o755);
}

describe("the shell a step runs in", () => {
  it("is bash on Linux and macOS, or sh where there is no bash", async () => {
    expect(chooseShell({ PATH: dir }, "linux")).toMatchObject({ name: "sh", file: "/bin/sh" });
    await install("bash");
    const bash = chooseShell({ PATH: dir }, "darwin");
    expect(bash).toMatchObject({ name: "bash", file: path.join(dir, "bash") });
    expect(bash.args("echo hi")).toEqual(["-c", "echo hi"]);
  });

  it("is PowerShell on Windows, or cmd /c where there is none", async () => {
    const cmd = chooseShell({ Path: dir, ComSpec: "C:\\Windows\\system32\\cmd.exe" }, "win32");
    expect(cmd).toMatchObject({ name: "cmd", file: "C:\\Windows\\system32\\cmd.exe", verbatimArguments: true });
    expect(cmd.args("echo hi")).toEqual(["/d", "/s", "/c", '"echo hi"']);

    await install("powershell.exe");
    const powershell = chooseShell({ Path: dir }, "win32");
    expect(powershell.name).toBe("PowerShell");
    expect(powershell.args("Write-Output hi")).toEqual([
      "-NoLogo",
      "-NoProfile",
      "-NonInteractive",
      "-ExecutionPolicy",
      "Bypass",
      "-Command",
      "Write-Output hi",
    ]);
  });
});
