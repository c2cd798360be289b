import { promises as dns } from "node:dns";

/**
 * Reads a name's DNS TXT records, as `dns.promises.resolveTxt` does (each record in its chunks).
 * Tests give the app another, as the outbound client takes `resolveHost`.
 */
export type ResolveTxt = (hostname: string) => Promise<string[][]>;

export const resolveTxt: ResolveTxt = (hostname) => dns.resolveTxt(hostname);
