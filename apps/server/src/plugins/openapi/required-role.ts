import type { Role } from "@flowdeck/shared";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission an org-scoped route needs, by name from the shared table of actions. */
    action?: string;
  }
}

/**
 * The minimum role an operation needs, for the OpenAPI document. This is the one place that
 * reads a route's `config.action`; it is to look the action up in the shared table of actions
 * (`ACTIONS[action].minimumRole`) once that table exists. Until then no role is documented.
 */
export function requiredRoleFor(_config: { action?: string } | undefined): Role | null {
  return null;
}
