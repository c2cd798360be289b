import { expect, type APIRequestContext } from "@playwright/test";
import { pdf } from "../../apps/server/test/documents/fixtures.ts";
import { E2E_BASE_URL } from "./env.ts";
import { invitationLink, sendInvitation } from "./invitations.ts";
import { createTask, createWorkflow } from "./tasks-and-workflows.ts";

// Data as a real team has it: long unbroken words (paths, URLs, addresses) in every field a page
// shows, made through the API so the sweeping tests (axe, phone widths) see every page filled.

const ORIGIN = { origin: E2E_BASE_URL };

/** One unbroken word far wider than a phone: a path, as command names often hold. */
export const LONG_COMMAND_NAME =
  "deploy-/srv/releases/flowdeck-production-eu-west-1/current/bin/migrate-and-restart-all-workers.sh";
export const LONG_URL =
  "https://artifacts.example.com/flowdeck/releases/2026-11-25/flowdeck-linux-x64-full-bundle.tar.gz";
/** A secret's name as long as names go (64 characters), one unbroken word. */
export const LONG_SECRET_NAME = "PRODUCTION_EU_WEST_1_DATABASE_PASSWORD_FOR_THE_CRITICAL_PATH_01";
export const LONG_FREEZE_REASON = "Quarter-end-close-for-the-production-eu-west-1-ledger-no-changes-please";
export const LONG_DISPLAY_NAME = "MaximilianaBartholomewFeatherstonehaughWorthington";

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { headers: ORIGIN, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export const LONG_INVITEE_EMAIL =
  "maximiliana.bartholomew.featherstonehaugh.worthington@operations-eu-west-1.example.com";

/**
 * Fills the owner's organization: commands, workflows, a document, credits, an invitation.
 * Returns the invitation's link, for the page an invitee opens.
 */
export async function seedRealisticData(request: APIRequestContext, organizationId: string): Promise<string> {
  const org = `/api/orgs/${organizationId}`;
  const profile = await request.patch("/api/profile", { headers: ORIGIN, data: { displayName: LONG_DISPLAY_NAME } });
  expect(profile.status()).toBe(200);

  const long = await createTask(request, organizationId, {
    name: LONG_COMMAND_NAME,
    description: `Fetches ${LONG_URL} and restarts every worker.`,
    category: "deployment",
    commands: { linux: `curl -fsSL ${LONG_URL} | tar -xz -C /srv/releases && systemctl restart flowdeck-workers` },
    tags: ["production-eu-west-1-critical-path", "release"],
    projectId: "platform-infrastructure-migration-2026",
  });
  const backup = await createTask(request, organizationId, {
    name: "Back up the database",
    category: "backup",
    commands: {
      linux: "pg_dump flowdeck > /backups/flowdeck.sql",
      windows: "pg_dump.exe flowdeck > C:\\backups\\f.sql",
    },
  });
  await createWorkflow(request, organizationId, [long.id, backup.id], {
    name: `Release ${LONG_COMMAND_NAME}`,
    description: `Ships ${LONG_URL} to every region.`,
    status: "active",
    schedule: { type: "daily", isEnabled: true, time: "02:30" },
    parameters: [
      {
        name: "version",
        label: "Version",
        type: "text",
        required: true,
        default: "2026.11.3",
        pattern: "\\d{4}\\.\\d{1,2}\\.\\d+",
      },
      {
        name: "regions",
        label: "Regions",
        type: "multichoice",
        choices: ["eu-west-1", "us-east-1", "ap-southeast-2"],
        default: ["eu-west-1"],
      },
      { name: "dry_run", label: "Dry run", type: "boolean" },
    ],
  });
  // Run now asks for every type of parameter (the dialog sweeps open it).
  await createWorkflow(request, organizationId, [backup.id], {
    name: "Nightly backup",
    status: "draft",
    parameters: [
      { name: "database", label: "Database", type: "choice", choices: ["orders", "billing"], default: "orders" },
      { name: "keep_days", label: "Keep for (days)", type: "number", min: 1, max: 90, integer: true, default: 14 },
      { name: "verify", label: "Verify the dump", type: "boolean", default: true },
      { name: "snapshot_date", label: "Snapshot date", type: "date" },
      { name: "reason", label: "Reason", type: "text", help: `The ticket, e.g. ${LONG_URL}` },
      { name: "notes", label: "Notes", type: "multiline" },
    ],
  });

  const upload = await request.post(`${org}/documents`, {
    headers: ORIGIN,
    multipart: {
      title: "runbook-for-the-production-eu-west-1-database-failover-procedure-v2",
      description: `Copied from ${LONG_URL}`,
      category: "documents",
      tags: "runbook,production-eu-west-1-critical-path",
      file: { name: "runbook-production-eu-west-1-failover.pdf", mimeType: "application/pdf", buffer: pdf("runbook") },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  const secret = await request.put(`${org}/secrets/${LONG_SECRET_NAME}`, {
    headers: ORIGIN,
    data: { value: "production-eu-west-1-password", description: `Reads ${LONG_URL}` },
  });
  expect(secret.status(), await secret.text()).toBe(201);

  await post(request, `${org}/freeze-windows`, {
    reason: LONG_FREEZE_REASON,
    weekly: { days: [1, 2, 3, 4, 5], from: "18:00", to: "06:00" },
  });

  await post(request, `${org}/credits/add`, { amount: 500, description: `Top-up for ${LONG_URL}` });
  await post(request, `${org}/credits/consume`, { amount: 1, description: "Nightly backup" });
  const since = new Date();
  await sendInvitation(request, organizationId, LONG_INVITEE_EMAIL, "editor");
  return invitationLink(LONG_INVITEE_EMAIL, since);
}
