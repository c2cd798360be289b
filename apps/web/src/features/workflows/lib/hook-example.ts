import { HOOK_SIGNATURE_HEADERS, type HookSignature } from "@flowdeck/shared/hooks/schemas";

/** A JSON body that holds an example value at each mapped pointer (object keys only; arrays are left out). */
export function exampleBody(mapping: Record<string, string>): string {
  const body: Record<string, unknown> = {};
  for (const [name, pointer] of Object.entries(mapping)) {
    const tokens = pointer
      .split("/")
      .slice(1)
      .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (tokens.length === 0 || tokens.some((token) => /^\d+$/.test(token))) continue;
    let place = body;
    for (const token of tokens.slice(0, -1)) {
      const next = place[token];
      place = (typeof next === "object" && next !== null ? next : (place[token] = {})) as Record<string, unknown>;
    }
    place[tokens.at(-1)!] = `<${name}>`;
  }
  return JSON.stringify(body);
}

const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that calls the webhook, signing the body with openssl when the hook checks a signature. */
export function curlExample(options: {
  url: string;
  signature: HookSignature;
  signingSecret?: string;
  mapping: Record<string, string>;
}): string {
  const lines = [`body=${quoted(exampleBody(options.mapping))}`];
  const call = [`curl -X POST ${quoted(options.url)}`, `-H 'Content-Type: application/json'`];
  if (options.signature !== "none" && options.signingSecret) {
    const header = HOOK_SIGNATURE_HEADERS[options.signature];
    lines.push(
      `signature=$(printf '%s' "$body" | openssl dgst -sha256 -hmac ${quoted(options.signingSecret)} | sed 's/^.* //')`,
    );
    call.push(`-H "${header}: sha256=$signature"`);
  }
  call.push(`--data "$body"`);
  return [...lines, call.join(" \\\n  ")].join("\n");
}
