import { managerProcedure } from "@taller/trpc";
import { z } from "zod";
import { messagingAdapter } from "./adapter";
import { fromProvider } from "./manager-provider";

export const accountsInput = z.object({ app_id: z.string().trim().min(1, "Seleccione una aplicación").max(100) });

/** The WhatsApp business accounts of an app. */
export const accounts = managerProcedure
  .input(accountsInput)
  .query(({ input }) => fromProvider(() => messagingAdapter().listAccounts(input.app_id)));
