/**
 * Waits on the event stream as the web app does: a waiter re-checks its condition (usually one
 * GET) after each change it cares about, never on a timer. Feed `onChange` from openEventStream.
 */
export function createChangeWaiters() {
  const waiters = new Set();

  /**
   * Resolves with the first value `check()` answers other than undefined, checking once at once
   * and again after every change `matches(change)` accepts; rejects after `timeoutMs`.
   */
  function until(matches, check, timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
      let checking = false;
      let changedMeanwhile = false;
      const waiter = { matches, poke };
      const timer = setTimeout(() => finish(() => reject(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
      function finish(settle) {
        clearTimeout(timer);
        waiters.delete(waiter);
        settle();
      }
      async function poke() {
        if (checking) {
          changedMeanwhile = true; // checked again when the check under way ends
          return;
        }
        checking = true;
        try {
          do {
            changedMeanwhile = false;
            const value = await check();
            if (value !== undefined) return finish(() => resolve(value));
          } while (changedMeanwhile);
        } catch (error) {
          finish(() => reject(error));
        } finally {
          checking = false;
        }
      }
      waiters.add(waiter);
      void poke();
    });
  }

  return {
    until,
    onChange(change) {
      for (const waiter of waiters) if (waiter.matches(change)) void waiter.poke();
    },
  };
}

export const ENDED_RUN_STATUSES = new Set(["succeeded", "failed", "cancelled", "timed-out", "lost"]);
