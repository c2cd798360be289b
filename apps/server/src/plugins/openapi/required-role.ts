import { ACTIONS, isAction, type Role } from "@flowdeck/shared";

/**
 * The minimum role an operation needs, for the OpenAPI document: the route's `config.action`
 * looked up in the shared table of actions. Routes outside an organization declare none.
 */
export function requiredRoleFor(config: { action?: unknown } | undefined): Role | null {
  return isAction(config?.action) ? ACTIONS[config.action].minimumRole : null;
}
