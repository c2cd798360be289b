import type { EventHub } from "../../lib/event-hub.ts";

/** One claim held open by a runner: looking at the queue now, or waiting to be woken. */
type Claim = {
  /** Set while it waits: ends the wait. */
  wake: (() => void) | null;
  /** A run was queued while it looked: what it saw may be older, so it looks once more. */
  lookAgain: boolean;
};

type Organization = { unsubscribe: () => void; runners: Map<string, Set<Claim>> };

/**
 * The claims held open on this instance (runs/claim-run.ts), by organization and runner. A queued
 * run wakes one waiting claim of each runner of its organization — a runner's claims are alike, so
 * one looking is enough — and a claim that took a run wakes the next of its runner's, because the
 * queue may hold more. Waking every waiting claim made each queued run cost a look per claim held
 * open (16 for four runners at concurrency 4) to start one run.
 */
class WaitingClaims {
  private readonly organizations = new Map<string, Organization>();

  constructor(private readonly events: EventHub) {}

  /** A claim joins: `leave` when it answers. */
  join(organizationId: string, runnerId: string): HeldClaim {
    const organization = this.organizationOf(organizationId);
    let claims = organization.runners.get(runnerId);
    if (!claims) organization.runners.set(runnerId, (claims = new Set()));
    const claim: Claim = { wake: null, lookAgain: false };
    claims.add(claim);
    const group = claims;
    return {
      looking: () => {
        claim.lookAgain = false;
      },
      get lookAgain() {
        return claim.lookAgain;
      },
      wait: (ms, signal) => waitFor(claim, ms, signal),
      tookRun: () => wakeOne(group, claim),
      leave: () => {
        claim.wake?.();
        group.delete(claim);
        if (group.size === 0 && organization.runners.get(runnerId) === group) organization.runners.delete(runnerId);
        if (organization.runners.size === 0 && this.organizations.get(organizationId) === organization) {
          this.organizations.delete(organizationId);
          organization.unsubscribe();
        }
      },
    };
  }

  private organizationOf(organizationId: string): Organization {
    let organization = this.organizations.get(organizationId);
    if (organization) return organization;
    const runners = new Map<string, Set<Claim>>();
    const unsubscribe = this.events.subscribeQueue(organizationId, () => {
      for (const claims of runners.values()) queued(claims);
    });
    this.organizations.set(organizationId, (organization = { unsubscribe, runners }));
    return organization;
  }
}

export type HeldClaim = {
  /** About to look at the queue: a run queued from now on makes `lookAgain` true. */
  looking: () => void;
  readonly lookAgain: boolean;
  /** Waits until woken, `ms` have passed or `signal` is aborted. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  /** This claim took a run: the next waiting claim of its runner looks for another. */
  tookRun: () => void;
  leave: () => void;
};

/** A run was queued: a runner's claims that are looking look again; if none is, one waiting claim wakes. */
function queued(claims: Set<Claim>) {
  let looking = false;
  for (const claim of claims) {
    if (claim.wake) continue;
    claim.lookAgain = true;
    looking = true;
  }
  if (!looking) wakeOne(claims);
}

/** Wakes the claim of this runner that has waited longest (a Set keeps the order claims joined in). */
function wakeOne(claims: Set<Claim>, except?: Claim) {
  for (const claim of claims) {
    if (claim === except || !claim.wake) continue;
    claim.wake();
    return;
  }
}

function waitFor(claim: Claim, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      claim.wake = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    claim.wake = done;
  });
}

const byHub = new WeakMap<EventHub, WaitingClaims>();

/** The waiting claims of the instance whose event hub this is. */
export function waitingClaims(events: EventHub): WaitingClaims {
  let claims = byHub.get(events);
  if (!claims) byHub.set(events, (claims = new WaitingClaims(events)));
  return claims;
}
