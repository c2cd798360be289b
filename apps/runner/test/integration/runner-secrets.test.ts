import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDeliveryJob } from "../../../server/src/jobs/notification-delivery.ts";
import { createRule, startReceiver } from "../../../server/test/notifications/support.ts";
import { baseUrlOf, EventStream } from "../../../server/test/helpers/sse-client.ts";
import { getLogs, getRun, queueRun, registerRunner, startFlowdeck, type Flowdeck } from "../helpers/flowdeck-server.ts";
import { ProcessTracker } from "../helpers/processes.ts";
import { startRunner } from "../helpers/runner-cli.ts";

/**
 * A run's secrets with the real runner program: given in each step's environment, and never seen
 * again in any form — not in the live stream, the stored log, the download, nor a failure's webhook.
 */
const PASSWORD = "pa55 W0rd/for+the=DB";
const KEY_LINES = ["QUJDREVGR0hJSktMTU5PUFFSU1RVVldY", "WVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2"];
const KEY = ["-----BEGIN TEST KEY-----", ...KEY_LINES, "-----END TEST KEY-----"].join("\n");

/** Every form of the secrets that would give them away. */
const REVEALING = [
  PASSWORD,
  ...KEY_LINES,
  encodeURIComponent(PASSWORD),
  Buffer.from(PASSWORD).toString("base64").slice(0, -4),
  Buffer.from(`user:${PASSWORD}\n`).toString("base64").slice(8, -8),
];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const processes = new ProcessTracker();
let flowdeck: Flowdeck;
let configDir: string;

beforeAll(async () => {
  flowdeck = await startFlowdeck({ OUTBOUND_ALLOW: "127.0.0.1/32" });
  configDir = await mkdtemp(path.join(os.tmpdir(), "flowdeck-runner-secrets-"));
  expect((await registerRunner(flowdeck, configDir)).code).toBe(0);
  const { client, organizationId } = flowdeck.owner;
  for (const [name, value] of [
    ["DB_PASSWORD", PASSWORD],
    ["TLS_KEY", KEY],
  ]) {
    const saved = await client.put(`/api/orgs/${organizationId}/secrets/${name}`, { value, description: name });
    expect(saved.status).toBe(201);
  }
});
afterEach(() => processes.killAll());
afterAll(async () => {
  await flowdeck.close();
  await rm(configDir, { recursive: true, force: true });
});

function expectNothingRevealed(where: string, text: string) {
  for (const form of REVEALING) expect(text.includes(form), `${where} shows ${JSON.stringify(form)}`).toBe(false);
  expect(text, where).toContain("***");
}

describe("a run's secrets on a real runner", () => {
  it("are in the steps' environment, and masked in every form and in every place output goes", async () => {
    const { client, organizationId: orgId } = flowdeck.owner;
    const receiver = await startReceiver([200]);
    try {
      await createRule(client, orgId, { events: ["run.failed"], emailRoles: [], webhookUrl: receiver.url });
      const runId = await queueRun(
        flowdeck,
        [
          [
            // Compared by its hash: the command itself must not hold the value.
            `test "$(printf '%s' "$DB_PASSWORD" | sha256sum | cut -c1-64)" = ${sha256(PASSWORD)} && echo "environment holds it"`,
            'echo "password: $DB_PASSWORD"',
            `printf '%s' "$DB_PASSWORD" | base64`,
            'echo "user:$DB_PASSWORD" | base64',
            `node -e 'process.stdout.write(encodeURIComponent(process.env.DB_PASSWORD) + "\\n")'`,
            `printf '%s\\n' "$TLS_KEY"`,
          ].join("; "),
          // One long line written in two parts: the value is split across two chunks of output.
          `printf 'split=%s' "\${DB_PASSWORD:0:7}"; sleep 0.7; printf '%s;\\n' "\${DB_PASSWORD:7}"`,
          'echo "giving up with $DB_PASSWORD" >&2; exit 3',
        ],
        { secrets: ["DB_PASSWORD", "TLS_KEY"] },
      );
      const live = await EventStream.open(
        `${baseUrlOf(flowdeck.testApp.app)}/api/orgs/${orgId}/runs/${runId}/stream`,
        client,
      );
      const runner = startRunner(["start", "--config", configDir, "--once"]);
      processes.track(runner.pid);
      expect(await runner.exited).toBe(0);

      const frames: string[] = [];
      for (;;) {
        const frame = await live.nextMatching(
          (candidate) => candidate.event === "log" || candidate.event === "run",
          15_000,
        );
        frames.push(frame.data ?? "");
        if (frame.event === "run" && JSON.parse(frame.data ?? "{}").status === "failed") break;
      }
      live.close();

      expect((await getRun(client, orgId, runId)).status).toBe("failed");
      const stored = (await getLogs(client, orgId, runId)).map((line) => line.text).join("");
      expect(stored).toContain("environment holds it");
      expect(stored).toContain("split=***;");
      // The key printed line by line: every line of it is a line of the secret.
      expect(stored).toContain("***\n".repeat(4) + "split=");
      expect(stored).not.toContain("BEGIN TEST KEY");
      expectNothingRevealed("the stored log", stored);
      expectNothingRevealed("the live stream", frames.join("\n"));
      const download = await client.get(`/api/orgs/${orgId}/runs/${runId}/log.txt`);
      expectNothingRevealed("the download", String(download.body));
      expectNothingRevealed("the runner's own output", `${runner.stdout()}${runner.stderr()}***`);

      const delivery = createDeliveryJob({
        db: flowdeck.testApp.app.db,
        mailer: flowdeck.testApp.app.mailer,
        outbound: flowdeck.testApp.app.outbound,
        appUrl: "http://localhost:3000",
      });
      await delivery.tick();
      const webhook = receiver.calls.map((call) => call.body).join("\n");
      expect(JSON.parse(receiver.calls[0]!.body).output.lastLines).toBe("giving up with ***");
      expectNothingRevealed("the failure's webhook", webhook);
    } finally {
      await receiver.close();
    }
  });
});
