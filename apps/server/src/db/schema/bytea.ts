import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Node Buffer (file and image contents). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
