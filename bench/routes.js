/**
 * The routes `npm run bench` measures, in order, each right after GET /healthz (HEALTHZ), whose
 * throughput it is compared with. Each is { name, method, path, body?, auth? }:
 * - path and body may hold {orgId}, {workflowId} and {runId}: the benchmark owner's organization,
 *   a workflow with one task, and a run of it queued for a runner (none claims it: its log is empty);
 * - body is sent as JSON (with the app's Origin, as the web app sends it);
 * - auth: false sends no session cookie (default: signed in as the benchmark owner).
 * A route must answer 2xx before it is measured, so a mistake shows up as an error, not a number.
 */
import { CREDIT_ROUTES } from "./routes-credits.js";

/** The ceiling of the HTTP stack: no session, no database. */
export const HEALTHZ = { name: "GET /healthz", method: "GET", path: "/healthz", auth: false };

export const ROUTES = [
  { name: "GET /api/me", method: "GET", path: "/api/me" },
  // The long lists (keyset pages with their capped count) and a search or filter on each.
  { name: "GET tasks", method: "GET", path: "/api/orgs/{orgId}/tasks" },
  { name: "GET tasks?q=", method: "GET", path: "/api/orgs/{orgId}/tasks?q=bench" },
  { name: "GET workflows", method: "GET", path: "/api/orgs/{orgId}/workflows" },
  // The workflows list has no text search: its status filter.
  { name: "GET workflows?status=", method: "GET", path: "/api/orgs/{orgId}/workflows?status=active" },
  { name: "GET documents", method: "GET", path: "/api/orgs/{orgId}/documents" },
  { name: "GET documents?q=", method: "GET", path: "/api/orgs/{orgId}/documents?q=bench" },
  { name: "GET credits?type=", method: "GET", path: "/api/orgs/{orgId}/credits/transactions?type=addition" },
  { name: "GET run", method: "GET", path: "/api/orgs/{orgId}/runs/{runId}" },
  { name: "GET run logs", method: "GET", path: "/api/orgs/{orgId}/runs/{runId}/logs" },
  // The overview, the ledger's last 10 and the credit changes. Order matters: additions run before
  // consumption, so consumption never runs out.
  ...CREDIT_ROUTES,
];
