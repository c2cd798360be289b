import { AppError } from "@flowdeck/shared";
import {
  REGISTRATION_MESSAGES,
  type RegistrationMode,
  type RegistrationPolicy,
} from "@flowdeck/shared/auth/registration";
import type { Executor } from "../../db/database.ts";
import { anyAccountExists, lockFirstAccount } from "../users/repository.ts";

/**
 * The REGISTRATION setting (docs/decisions/056), the one place that says which registrations it
 * lets in. `invite-only` still lets the very first account of an empty instance create its
 * organization, or nobody could ever invite anyone.
 */

/** What the register page offers now. */
export async function registrationPolicy(db: Executor, mode: RegistrationMode): Promise<RegistrationPolicy> {
  const createOrganization = mode === "open" || (mode === "invite-only" && !(await anyAccountExists(db)));
  return { mode, createOrganization, joinWithInvitation: mode !== "closed" };
}

/** `closed` takes no new account at all, with or without an invitation. */
export function refuseWhenClosed(mode: RegistrationMode) {
  if (mode === "closed") throw new AppError("permission-denied", REGISTRATION_MESSAGES.closed);
}

export function inviteOnlyRefusal() {
  return new AppError("permission-denied", REGISTRATION_MESSAGES.inviteOnlyRefused);
}

/**
 * In the transaction that would create an organization with a new account: under `invite-only`
 * only while the instance has no account, checked under the first-account lock so two at once
 * cannot both find it empty.
 */
export async function assertMayCreateOrganization(tx: Executor, mode: RegistrationMode) {
  refuseWhenClosed(mode);
  if (mode !== "invite-only") return;
  await lockFirstAccount(tx);
  if (await anyAccountExists(tx)) throw inviteOnlyRefusal();
}
