import { describe, expect, it } from "vitest";
import { createEventHub } from "../../src/lib/event-hub.ts";
import { waitingClaims, type HeldClaim } from "../../src/modules/runs/waiting-claims.ts";

/** A claim waiting as claim-run.ts waits: until woken, the time passes or the signal aborts. */
function waiting(claim: HeldClaim, ms = 10_000, signal = new AbortController().signal) {
  let woken = false;
  const done = claim.wait(ms, signal).then(() => {
    woken = true;
  });
  return {
    done,
    get woken() {
      return woken;
    },
  };
}

/** Lets delivered signals and resolved waits run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("waiting claims (the in-memory event hub, as without PostgreSQL)", () => {
  it("wakes one waiting claim of a runner per queued run, the one that waited longest", async () => {
    const hub = await createEventHub({});
    const claims = waitingClaims(hub);
    const [first, second, third] = [1, 2, 3].map(() => claims.join("org-1", "runner-a"));
    const waits = [first!, second!, third!].map((claim) => waiting(claim));
    await hub.signalQueue("org-1");
    await settle();
    expect(waits.map((one) => one.woken)).toEqual([true, false, false]);
    // It took the run: the next waiting claim of its runner looks for another.
    first!.tookRun();
    await settle();
    expect(waits.map((one) => one.woken)).toEqual([true, true, false]);
    for (const claim of [first!, second!, third!]) claim.leave();
    await Promise.all(waits.map((one) => one.done));
    await hub.close();
  });

  it("wakes a claim of every runner of the organization, and none of another organization's", async () => {
    const hub = await createEventHub({});
    const claims = waitingClaims(hub);
    const a = claims.join("org-1", "runner-a");
    const b = claims.join("org-1", "runner-b");
    const other = claims.join("org-2", "runner-c");
    const waits = [a, b, other].map((claim) => waiting(claim));
    await hub.signalQueue("org-1");
    await settle();
    expect(waits.map((one) => one.woken)).toEqual([true, true, false]);
    for (const claim of [a, b, other]) claim.leave();
    await Promise.all(waits.map((one) => one.done));
    await hub.close();
  });

  it("tells a claim that is looking to look again instead of waking another", async () => {
    const hub = await createEventHub({});
    const claims = waitingClaims(hub);
    const looking = claims.join("org-1", "runner-a");
    const idle = claims.join("org-1", "runner-a");
    const idleWait = waiting(idle);
    looking.looking();
    expect(looking.lookAgain).toBe(false);
    await hub.signalQueue("org-1");
    await settle();
    expect(looking.lookAgain).toBe(true);
    expect(idleWait.woken).toBe(false);
    // The next look starts afresh.
    looking.looking();
    expect(looking.lookAgain).toBe(false);
    looking.leave();
    idle.leave();
    await idleWait.done;
    await hub.close();
  });

  it("ends a wait at its time or its signal, and forgets an organization whose claims all left", async () => {
    const hub = await createEventHub({});
    const claims = waitingClaims(hub);
    const claim = claims.join("org-1", "runner-a");
    const started = Date.now();
    await claim.wait(30, new AbortController().signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const stop = new AbortController();
    const stopped = waiting(claim, 10_000, stop.signal);
    stop.abort();
    await stopped.done;
    expect(stopped.woken).toBe(true);
    claim.leave();
    // A claim joining later subscribes again and is woken.
    const later = claims.join("org-1", "runner-a");
    const laterWait = waiting(later);
    await hub.signalQueue("org-1");
    await settle();
    expect(laterWait.woken).toBe(true);
    later.leave();
    await hub.close();
  });
});
