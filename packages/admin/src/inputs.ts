import { z } from "zod";

/** A row id as a client sends it (int4 range: a larger number would be a database error, not a clear answer). */
export const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
