/** True when a database error is a unique violation, optionally of the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = findPgError(error);
  if (!candidate || candidate.code !== "23505") return false;
  return !constraint || candidate.constraint === constraint || String(candidate.message).includes(constraint);
}

// Data errors the client caused: a NUL or unencodable character, a number out of range, a value
// PostgreSQL cannot read as its type. They answer 400, never 500.
const INVALID_INPUT_CODES = new Set(["22021", "22P05", "22003", "22P02", "22007", "22008", "22001"]);

export function isInvalidInput(error: unknown): boolean {
  const candidate = findPgError(error);
  return Boolean(candidate?.code && INVALID_INPUT_CODES.has(candidate.code));
}

// The database went away or refuses work for now: a failover, a restart, a terminated backend,
// too many connections. The request may succeed if repeated, so it answers 503, never 500.
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "not queryable",
  "not currently accepting connections",
  "timeout exceeded when trying to connect",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as (PgError & { cause?: unknown }) | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = typeof current.code === "string" ? current.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    const message = typeof current.message === "string" ? current.message : "";
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    current = current.cause as typeof current;
  }
  return false;
}

type PgError = { code?: string; constraint?: string; message?: string };

// Drizzle wraps driver errors; the PostgreSQL error is on `cause`.
function findPgError(error: unknown): PgError | undefined {
  let current = error as (PgError & { cause?: unknown }) | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return undefined;
}
