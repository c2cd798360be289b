import ipaddr from "ipaddr.js";

/**
 * Where the server may send requests (decision 055). Only public unicast addresses, unless the
 * operator's OUTBOUND_ALLOW names the host or a range holding the address.
 */
export type AllowList = {
  /** Host names allowed whatever they resolve to, lower case, without a trailing dot. */
  hosts: ReadonlySet<string>;
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
};

export const NOTHING_ALLOWED: AllowList = { hosts: new Set(), ranges: [] };

/** Said in the delivery log of a request that was not made. */
export const REFUSED_INTERNAL = "refused: internal address";

/**
 * OUTBOUND_ALLOW: comma-separated host names, addresses and CIDR ranges
 * (`hooks.corp.example,10.20.0.0/16,127.0.0.1/32`). Throws with the entry that is neither.
 */
export function parseAllowList(value: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of (value ?? "").split(",").map((part) => part.trim().toLowerCase())) {
    if (!entry) continue;
    const bare = entry.replace(/^\[(.*)\]$/, "$1");
    if (ipaddr.isValidCIDR(bare)) ranges.push(ipaddr.parseCIDR(bare));
    else if (ipaddr.isValid(bare)) {
      const address = ipaddr.parse(bare);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/.test(entry)) {
      hosts.add(entry.replace(/\.$/, ""));
    } else {
      throw new Error(`"${entry}" is not a host name, an address or a CIDR range`);
    }
  }
  return { hosts, ranges };
}

/** A URL's host as the allow list names it: lower case, no brackets, no trailing dot. */
export function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
}

/**
 * The kind of internal address `address` is (`loopback`, `private`, `linkLocal`,
 * `carrierGradeNat`, `uniqueLocal`, `unspecified`, `multicast`, …), or null for a public unicast
 * one. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
export function internalRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

function inAllowedRange(address: string, allow: AllowList): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return allow.ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
}

/** Why the server may not connect to `address` (resolved or literal), or null when it may. */
export function addressRefusal(address: string, allow: AllowList): string | null {
  const range = internalRange(address);
  if (range === null || inAllowedRange(address, allow)) return null;
  return range;
}

/** Names that always mean this machine, whatever a resolver says (RFC 6761). */
function isLocalhostName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}

/**
 * What is wrong with calling `url`, judged without a DNS lookup (a rule is saved with it; the
 * send checks the resolved addresses again): credentials in it, or an internal literal address
 * or localhost name the allow list does not name. Null when nothing is.
 */
export function urlRefusal(url: URL, allow: AllowList): { reason: "credentials" | "internal"; range?: string } | null {
  if (url.username || url.password) return { reason: "credentials" };
  const host = bareHost(url.hostname);
  if (allow.hosts.has(host)) return null;
  if (ipaddr.isValid(host)) {
    const range = addressRefusal(host, allow);
    return range ? { reason: "internal", range } : null;
  }
  if (isLocalhostName(host)) return { reason: "internal", range: "loopback" };
  return null;
}

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  linkLocal: "a link-local address, where cloud metadata lives",
  carrierGradeNat: "a carrier-grade NAT address",
  uniqueLocal: "a unique-local IPv6 address",
  unspecified: "the unspecified address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
};

/** An internal range in words, for the message that refuses a URL. */
export function describeRange(range: string | undefined): string {
  return RANGE_WORDS[range ?? ""] ?? "an address reserved for special use";
}
