import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = z.ZodType | { properties: z.ZodType };
type JsonSchema = { [key: string]: unknown };

/**
 * How responses are written (docs/decisions/042): each route's zod response schema is turned into
 * JSON Schema once, as the OpenAPI document shows it, and compiled with fast-json-stringify, which
 * writes the declared properties only (every object is `additionalProperties: false`), fails on a
 * missing required one, and leaves out anything else a service returned: a column added to a query
 * never reaches the client unless the schema declares it. It costs a fraction of zod's check.
 *
 * `compareWithZod` (tests) also writes every response the previous way — zod's encode, which
 * refuses a value of the wrong type — and fails the request when the two differ, so every
 * response the API tests see proves that the two agree.
 */
export function responseSerializerCompiler(options: {
  compareWithZod: boolean;
}): FastifySerializerCompiler<RouteSchema> {
  return (route) => {
    const zodSchema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
    const stringify = compile(zodSchema);
    // A schema JSON Schema cannot express keeps zod's serializer.
    if (!stringify) return zodSerializerCompiler(route);
    if (!options.compareWithZod) return stringify;
    const byZod = zodSerializerCompiler(route);
    return (data) => {
      const expected = byZod(data);
      const written = stringify(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: fast-json-stringify wrote ${written}, zod ${expected}`);
      }
      return written;
    };
  };
}

function compile(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" }) as JsonSchema;
  } catch {
    return undefined;
  }
  delete jsonSchema.$schema;
  return fastJson(simplify(jsonSchema) as object) as (data: unknown) => string;
}

/**
 * `anyOf` of plain types (`z.enum(…).nullable()` gives `anyOf: [{ type: "string", enum }, { type:
 * "null" }]`) as one `type` list: fast-json-stringify would otherwise run a validator per value to
 * choose the branch. Enums are not checked when writing either way.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== "object") return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = simplify(value);
  const { anyOf, ...rest } = result;
  if (Array.isArray(anyOf) && anyOf.every(isPlainType)) {
    const types = [...new Set(anyOf.flatMap((branch: JsonSchema) => [branch.type].flat()))];
    return { ...rest, type: types.length === 1 ? types[0] : types };
  }
  return result;
}

/** A branch that says only which JSON type it is (and which values, ignored when writing). */
function isPlainType(branch: unknown): branch is JsonSchema {
  if (!branch || typeof branch !== "object") return false;
  const { type, enum: _values, const: _value, ...rest } = branch as JsonSchema;
  const simple = ["string", "number", "integer", "boolean", "null"];
  return Object.keys(rest).length === 0 && [type].flat().every((item) => simple.includes(item as string));
}
