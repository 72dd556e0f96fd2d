// Keyset cursors carry a timestamptz exactly: as microseconds since the epoch in a string (the wire's Instant has
// milliseconds only, and a cursor rounded to the millisecond would skip or repeat rows written in the same ms).
import { sql, type SQL } from "drizzle-orm";

export const microsOf = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

export const timestampOfMicros = (us: string): SQL =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
