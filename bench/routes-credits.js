/**
 * Issue 4's routes for `npm run bench`: the dashboard's data routes and the credit mutations.
 * Plug them in after the existing routes in bench/routes.js:
 *
 *   import { CREDIT_ROUTES } from "./routes-credits.js";
 *   export const ROUTES = [...existing routes, ...CREDIT_ROUTES];
 *
 * Keep their order: the reads run against a short ledger (the 100 'Initial credits' and nothing
 * else), then `add` tops the balance up by 1,000 per request, so that `consume` (1 per request)
 * cannot run out however fast it goes. No Idempotency-Key is sent: autocannon repeats one request,
 * and the same key would only measure replays (the web app sends a new key per click, which
 * costs one more insert and a savepoint per change).
 */
export const CREDIT_ROUTES = [
  { name: "GET overview", method: "GET", path: "/api/orgs/{orgId}/overview" },
  {
    name: "GET credits (last 10)",
    method: "GET",
    path: "/api/orgs/{orgId}/credits/transactions?page=1&pageSize=10",
  },
  {
    name: "POST credits/add",
    method: "POST",
    path: "/api/orgs/{orgId}/credits/add",
    body: { amount: 1000, description: "Bench top-up" },
  },
  {
    name: "POST credits/consume",
    method: "POST",
    path: "/api/orgs/{orgId}/credits/consume",
    body: { amount: 1, description: "Bench" },
  },
];
