/**
 * Realistic example values for the reference page. zod writes every `.int()` with the safe-integer
 * bounds (±9007199254740991), which Swagger UI then shows as the example of every count, page and
 * size; the bounds say nothing JSON does not, so they go, and each integer without an example of
 * its own gets one by its property's name (a count of 3 otherwise).
 */
const INTEGER_EXAMPLES: Readonly<Record<string, number>> = {
  page: 1,
  pageSize: 20,
  limit: 50,
  total: 42,
  position: 0,
  seq: 1,
  nextSeq: 2,
  id: 1,
  version: 2,
  timeoutSeconds: 600,
  longRunningMinutes: 30,
  exitCode: 0,
  responseStatus: 200,
  durationMs: 1250,
  fileSize: 48213,
  originalSize: 48213,
  processedSize: 20480,
  totalSize: 1048576,
  width: 1280,
  height: 720,
  progress: 60,
  averageProgress: 60,
  successRate: 75,
  ended: 4,
  succeeded: 3,
  balance: 250,
  amount: 10,
  creditsPerRun: 1,
  expiresInDays: 90,
  skippedRuns: 0,
  overdue: 0,
};
const DEFAULT_COUNT = 3;

type JsonSchema = Record<string, unknown>;

/** A copy of `schema` with the safe-integer bounds removed and an example on every integer. */
export function withRealisticExamples<T>(schema: T): T {
  const copy = structuredClone(schema);
  visit(copy, undefined);
  return copy;
}

function visit(node: unknown, name: string | undefined): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, name);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as JsonSchema;
  if (isNumeric(schema)) exemplify(schema, name);
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && value && typeof value === "object") {
      for (const [property, child] of Object.entries(value)) visit(child, property);
    } else if (key !== "examples" && key !== "default" && key !== "enum" && key !== "const") {
      visit(value, name);
    }
  }
}

function isNumeric(schema: JsonSchema): boolean {
  const types = [schema.type].flat();
  return types.includes("integer") || types.includes("number");
}

function exemplify(schema: JsonSchema, name: string | undefined): void {
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if ("default" in schema || "examples" in schema || "example" in schema || "const" in schema || "enum" in schema) {
    return;
  }
  const lowest =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : -Infinity;
  const highest = typeof schema.maximum === "number" ? schema.maximum : Infinity;
  const wanted = (name !== undefined ? INTEGER_EXAMPLES[name] : undefined) ?? DEFAULT_COUNT;
  schema.examples = [Math.min(highest, Math.max(lowest, wanted))];
}
