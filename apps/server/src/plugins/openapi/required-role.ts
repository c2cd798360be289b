import type { Role } from "@flowdeck/shared";

/**
 * The minimum role an operation needs, for the OpenAPI document. This is the one place that
 * reads a route's `config.action`; it is to look the action up in the shared table of actions
 * (`ACTIONS[action].minimumRole`) once that table exists. Until then no role is documented.
 * (`config.action` itself is declared with the table, not here, so there is one declaration.)
 */
export function requiredRoleFor(_config: object | undefined): Role | null {
  return null;
}
