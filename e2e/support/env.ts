/**
 * Where the end-to-end server listens. playwright.config.ts starts it there, and the helpers
 * send it as the Origin of state-changing API calls. E2E_PORT moves it when the port is taken.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The server's DATA_DIR, made by playwright.config.ts; tests read its outbox/. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through `playwright test` (playwright.config.ts)");
  return dir;
}
