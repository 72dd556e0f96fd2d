// A row id's range, apart from its zod schema (ids.ts) so that screens checking an id from their route load no zod.

/** The largest row id: PostgreSQL's integer. */
export const MAX_ID = 2_147_483_647;

/** A whole number a row id can be: from 1 to MAX_ID. */
export const isRecordId = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;
