import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { addressRefusal, bareHost, REFUSED_INTERNAL, urlRefusal, type AllowList } from "./address-policy.ts";

/** Resolves a host name to its addresses, as `dns.lookup(name, { all: true })` does. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const REFUSALS = {
  internal: REFUSED_INTERNAL,
  credentials: "refused: credentials in the URL",
  scheme: "refused: not an http or https URL",
} as const;

/** The request was not made: the URL or every address its name resolved to is not allowed. */
export class OutboundRefusedError extends Error {
  constructor(
    readonly reason: "credentials" | "internal" | "scheme",
    readonly range?: string,
  ) {
    // What the delivery log says; the range stays out of it, so the log is no address scanner.
    super(REFUSALS[reason]);
    this.name = "OutboundRefusedError";
  }
}

/** The request was made and took longer than it may. */
export class OutboundTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs / 1000} s`);
    this.name = "OutboundTimeoutError";
  }
}

export type OutboundRequest = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** For the whole exchange: connecting, sending, the answer's headers and body. */
  timeoutMs: number;
};

/** A 3xx is answered as it is: redirects are never followed. The body stops at the client's cap. */
export type OutboundAnswer = { status: number; body: Buffer };

export type OutboundClient = {
  readonly allow: AllowList;
  request: (request: OutboundRequest) => Promise<OutboundAnswer>;
};

const defaultResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The one HTTP client for every request the server makes on its own (webhooks today; anything
 * later), decision 055. It refuses URLs with credentials and internal addresses, resolves the
 * name itself and connects only to the resolved addresses it allowed — the socket is given those,
 * so there is no second lookup for DNS rebinding to swap — follows no redirects, and caps the
 * answer's size and the exchange's time.
 */
export function createOutboundClient(options: {
  allow: AllowList;
  resolve?: ResolveHost;
  maxResponseBytes?: number;
}): OutboundClient {
  const { allow } = options;
  const resolveHost = options.resolve ?? defaultResolve;
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;

  /** net's lookup, answered only with allowed addresses; none allowed fails the connection. */
  const checkedLookup = (allowByName: boolean): LookupFunction =>
    ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      resolveHost(hostname).then(
        (addresses) => {
          const allowed = allowByName
            ? addresses
            : addresses.filter((entry) => addressRefusal(entry.address, allow) === null);
          if (allowed.length === 0) {
            const range = addresses[0] ? (addressRefusal(addresses[0].address, allow) ?? undefined) : undefined;
            return callback(new OutboundRefusedError("internal", range));
          }
          if (lookupOptions.all) callback(null, allowed);
          else callback(null, allowed[0]!.address, allowed[0]!.family);
        },
        (error: unknown) => callback(error),
      );
    }) as LookupFunction;

  async function request(outbound: OutboundRequest): Promise<OutboundAnswer> {
    const url = new URL(outbound.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefusedError("scheme");
    const refusal = urlRefusal(url, allow);
    if (refusal) throw new OutboundRefusedError(refusal.reason, refusal.range);
    const allowByName = allow.hosts.has(bareHost(url.hostname));
    const transport = url.protocol === "https:" ? https : http;
    const signal = AbortSignal.timeout(outbound.timeoutMs);

    return new Promise<OutboundAnswer>((resolve, reject) => {
      const sent = transport.request(
        url,
        {
          method: outbound.method,
          headers: outbound.headers,
          // A literal address is not looked up (urlRefusal judged it); a name is, once, here.
          lookup: checkedLookup(allowByName),
          agent: false,
          signal,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size <= maxResponseBytes) chunks.push(chunk);
            else answer.destroy();
          });
          const done = () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks) });
          answer.on("end", done);
          answer.on("close", done);
          answer.on("error", () => done());
        },
      );
      sent.on("error", (error) => {
        if (error instanceof OutboundRefusedError) reject(error);
        else if (signal.aborted) reject(new OutboundTimeoutError(outbound.timeoutMs));
        else reject(error);
      });
      sent.end(outbound.body);
    });
  }

  return { allow, request };
}
