/** A background loop's controls: start it, and stop it after the pass under way. */
export type Loop = { start: () => void; stop: () => Promise<void> };

/**
 * Runs `pass` now and then `intervalMs` after each pass ends (never two at once), until stopped.
 * A failed pass is reported and the loop goes on. `stop` waits for the pass under way, so a server
 * closes its database only after its background work let go of it.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<unknown>, onError: (error: unknown) => void): Loop {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;

  const loop = async () => {
    if (stopped) return;
    current = pass().catch(onError);
    await current;
    current = undefined;
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
