import { MAX_IMPORT_BYTES, YAML_CONTENT_TYPES } from "@flowdeck/shared/import-export/schemas";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads a YAML document (an import): the request guards let its type through. */
    yamlBody?: true;
  }
}

export function isYamlType(type: string | undefined): boolean {
  const essence = (type ?? "").split(";")[0]!.trim().toLowerCase();
  return (YAML_CONTENT_TYPES as readonly string[]).includes(essence);
}

/**
 * A YAML body is read as text, at most MAX_IMPORT_BYTES (a larger one is refused with 413 before
 * it is read to the end), and parsed by the route's service, which knows the lines of its nodes.
 */
export function registerYamlBody(app: FastifyInstance) {
  app.addContentTypeParser(
    [...YAML_CONTENT_TYPES],
    { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
}
