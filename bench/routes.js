/**
 * The routes `npm run bench` measures, in order; the first is the baseline the others are
 * compared with. Each is { name, method, path, body?, auth? }:
 * - path and body may hold {orgId}, replaced by the benchmark owner's organization id;
 * - body is sent as JSON (with the app's Origin, as the web app sends it);
 * - auth: false sends no session cookie (default: signed in as the benchmark owner).
 * A route must answer 2xx before it is measured, so a mistake shows up as an error, not a number.
 */
import { CREDIT_ROUTES } from "./routes-credits.js";

export const ROUTES = [
  { name: "GET /healthz", method: "GET", path: "/healthz", auth: false },
  { name: "GET /api/me", method: "GET", path: "/api/me" },
  // A list route: the session, the membership and one page with its count.
  { name: "GET tasks", method: "GET", path: "/api/orgs/{orgId}/tasks" },
  // Order matters: additions run before consumption, so consumption never runs out.
  ...CREDIT_ROUTES,
];
