import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  makeDataDir,
  makeMigratedDataDir,
  registerOwner,
  send,
  startServer,
  waitFor,
  type Owner,
  type ServerProcess,
} from "./server-process.ts";

// `npm run backup` and `npm run restore` as an operator runs them (docs/decisions/066): a backup
// taken from the running server under a load of writes holds every write acknowledged before it
// began, documents' bytes included; it restores into a fresh data directory that a server then
// serves; a restore into a data directory that is in use or not empty is refused.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const scripts = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of scripts) if (child.pid) process.kill(-child.pid, "SIGKILL");
  await cleanUp();
});

type Script = { code: number | null; output: string };

/** `npm run <name> -- <file>` with DATA_DIR, in a process group of its own (killed by its pid). */
function npmRun(name: "backup" | "restore", file: string, dataDir: string): { done: Promise<Script> } {
  const child = spawn("npm", ["run", "--silent", name, "--", file], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  scripts.add(child);
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const done = new Promise<Script>((resolve) =>
    child.once("exit", (code) => {
      scripts.delete(child);
      resolve({ code, output });
    }),
  );
  return { done };
}

type Acknowledged = { tasks: Map<string, string>; documents: Map<string, Buffer> };

/**
 * Creates tasks and uploads documents, one after another in two loops, until `stop()`; every
 * 2xx answer is recorded the moment it arrives, and `acknowledged()` copies what has been so far.
 */
function writeLoad(server: ServerProcess, owner: Owner) {
  const acked: Acknowledged = { tasks: new Map(), documents: new Map() };
  const failures: string[] = [];
  let running = true;
  const base = `/api/orgs/${owner.organizationId}`;

  const tasks = (async () => {
    for (let index = 0; running; index++) {
      const name = `Restart the cache ${index} ${randomBytes(4).toString("hex")}`;
      const response = await send(server, "POST", `${base}/tasks`, {
        cookie: owner.cookie,
        body: { name, commands: { linux: "systemctl restart cache", windows: "", mac: "" } },
      });
      if (response.status === 201) acked.tasks.set(((await response.json()) as { id: string }).id, name);
      else failures.push(`task: ${response.status} ${await response.text()}`);
    }
  })();

  const documents = (async () => {
    for (let index = 0; running; index++) {
      const bytes = Buffer.from(randomBytes(1_000 + index * 97).toString("hex"));
      const form = new FormData();
      form.set("file", new Blob([bytes], { type: "text/plain" }), `runbook-${index}.txt`);
      const response = await fetch(`${server.url}${base}/documents`, {
        method: "POST",
        headers: { origin: server.url, cookie: owner.cookie },
        body: form,
      });
      if (response.status === 201) acked.documents.set(((await response.json()) as { id: string }).id, bytes);
      else failures.push(`document: ${response.status} ${await response.text()}`);
    }
  })();

  return {
    acked,
    failures,
    acknowledged: (): Acknowledged => ({ tasks: new Map(acked.tasks), documents: new Map(acked.documents) }),
    count: () => acked.tasks.size + acked.documents.size,
    stop: async () => {
      running = false;
      await Promise.all([tasks, documents]);
    },
  };
}

describe("npm run backup and npm run restore", () => {
  it("back up under a load of writes every acknowledged row and document, and restore them into a fresh data directory", async () => {
    const dataDir = makeMigratedDataDir();
    const server = await startServer({ dataDir });
    const owner = await registerOwner(server);
    const secret = await send(server, "PUT", `/api/orgs/${owner.organizationId}/secrets/DB_PASSWORD`, {
      cookie: owner.cookie,
      body: { value: "correct horse battery staple" },
    });
    expect(secret.status).toBe(201);

    const load = writeLoad(server, owner);
    await waitFor(() => load.acked.tasks.size >= 10 && load.acked.documents.size >= 5, "the first writes", 60_000);

    const backupFile = path.join(makeDataDir(), "flowdeck.tar.gz");
    const before = load.acknowledged();
    const backup = npmRun("backup", backupFile, dataDir).done;
    const duringBackup = load.count();
    const backedUp = await backup;
    const writtenMeanwhile = load.count() - duringBackup;
    await load.stop();

    expect(backedUp.output).toContain("from the running server");
    expect(backedUp.code).toBe(0);
    expect(load.failures).toEqual([]);
    expect(writtenMeanwhile).toBeGreaterThan(0); // the server went on writing while it was backed up
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(backedUp.output).toContain("The backup holds no key");

    // Refused: a data directory a server is running on, then one that is not empty.
    const whileRunning = await npmRun("restore", backupFile, dataDir).done;
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain(`A Flowdeck server is running on ${dataDir}`);
    await server.kill("SIGTERM");
    const notEmpty = await npmRun("restore", backupFile, dataDir).done;
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toContain(`${dataDir} (DATA_DIR) is not empty`);
    expect(readdirSync(dataDir)).toContain("pglite");

    // A fresh directory, with the master key the operator kept apart from the backup.
    const restoredDir = path.join(makeDataDir(), "data");
    mkdirSync(restoredDir);
    copyFileSync(path.join(dataDir, "secrets-key"), path.join(restoredDir, "secrets-key"));
    const restored = await npmRun("restore", backupFile, restoredDir).done;
    expect(restored.output).toContain(`into ${restoredDir}`);
    expect(restored.code).toBe(0);
    expect(existsSync(path.join(restoredDir, "pglite", "PG_VERSION"))).toBe(true);

    const again = await startServer({ dataDir: restoredDir });
    const base = `/api/orgs/${owner.organizationId}`;
    for (const [id, name] of before.tasks) {
      const response = await send(again, "GET", `${base}/tasks/${id}`, { cookie: owner.cookie });
      expect(response.status, `task ${id}`).toBe(200);
      expect(((await response.json()) as { name: string }).name).toBe(name);
    }
    for (const [id, bytes] of before.documents) {
      const response = await send(again, "GET", `${base}/documents/${id}/download`, { cookie: owner.cookie });
      expect(response.status, `document ${id}`).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes), `the bytes of document ${id}`).toBe(true);
    }
    const secrets = await send(again, "GET", `${base}/secrets`, { cookie: owner.cookie });
    expect(((await secrets.json()) as { items: { name: string }[] }).items.map((item) => item.name)).toEqual([
      "DB_PASSWORD",
    ]);
    const created = await send(again, "POST", `${base}/tasks`, {
      cookie: owner.cookie,
      body: { name: "After the restore", commands: { linux: "true", windows: "", mac: "" } },
    });
    expect(created.status).toBe(201);
    await again.kill("SIGTERM");
  }, 240_000);

  it("backs up a stopped instance's data directory itself, and refuses a file that is no backup", async () => {
    const dataDir = makeMigratedDataDir();
    const server = await startServer({ dataDir });
    const owner = await registerOwner(server);
    await server.kill("SIGTERM");

    const backupFile = path.join(makeDataDir(), "stopped.tar.gz");
    const backedUp = await npmRun("backup", backupFile, dataDir).done;
    expect(backedUp.output).toContain("from the data directory");
    expect(backedUp.code).toBe(0);

    const notABackup = await npmRun("restore", path.join(dataDir, "secrets-key"), makeDataDir()).done;
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toContain("is not a Flowdeck backup");

    const restoredDir = makeDataDir();
    copyFileSync(path.join(dataDir, "secrets-key"), path.join(restoredDir, "secrets-key"));
    expect((await npmRun("restore", backupFile, restoredDir).done).code).toBe(0);
    const again = await startServer({ dataDir: restoredDir });
    const me = await send(again, "GET", "/api/me", { cookie: owner.cookie });
    expect(me.status).toBe(200);
    expect(readFileSync(path.join(restoredDir, "secrets-key"))).toEqual(
      readFileSync(path.join(dataDir, "secrets-key")),
    );
    await again.kill("SIGTERM");
  }, 180_000);
});
