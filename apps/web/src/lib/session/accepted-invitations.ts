/**
 * The codes this browser accepted, with the organization each joined. The server answers any
 * browser that a code was accepted, without naming the organization (decision 040); this browser,
 * which joined it, can say which.
 */
const KEY = "flowdeck:accepted-invitations";
const KEEP = 20;

type Accepted = { code: string; organizationName: string };

function readAll(): Accepted[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(list) ? (list as Accepted[]) : [];
  } catch {
    return [];
  }
}

export function rememberAccepted(code: string, organizationName: string) {
  try {
    const others = readAll().filter((entry) => entry.code !== code);
    localStorage.setItem(KEY, JSON.stringify([{ code, organizationName }, ...others].slice(0, KEEP)));
  } catch {
    // Storage unavailable: a second visit shows the server's message.
  }
}

/** The organization joined with `code` in this browser, if it was. */
export function acceptedOrganization(code: string): string | null {
  return readAll().find((entry) => entry.code === code)?.organizationName ?? null;
}
