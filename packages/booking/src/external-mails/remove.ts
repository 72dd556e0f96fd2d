import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "../pending";
import type { ExternalMail } from "./list";

/** Removes one e-mail booking and answers the remaining list (the dialog closes when it is empty). OWNED BY booking-desk. */
export const remove = staffProcedure
  .use(can("destroy", "booking"))
  .input(z.object({ id: z.number().int().min(1).max(2_147_483_647) }))
  .mutation((): Promise<ExternalMail[]> => notBuiltYet("booking.externalMails.remove"));
