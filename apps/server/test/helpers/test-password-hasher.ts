import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHasher } from "../../src/modules/auth/auth.ts";

// better-auth's scrypt with a 32nd of its work (N 16,384 → 1,024, r 16 → 8): the same algorithm
// and the same "salt:key" form, at about 4 ms of CPU per hash instead of 130. The API tests sign
// in thousands of times; password-hashing.test.ts checks the real app keeps better-auth's own.
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export const testPasswordHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }) => {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
