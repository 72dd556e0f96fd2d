import { WHATSAPP_TEXTS } from "@taller/core";
import { managerProcedure } from "@taller/trpc";
import { z } from "zod";
import { messagingAdapter } from "./adapter";
import { accountsInput } from "./accounts";
import { fromProvider } from "./manager-provider";

/** The phones of a business account, each shown as its verified name and display number. */
export const phones = managerProcedure
  .input(accountsInput.extend({ account_id: z.string().trim().min(1, WHATSAPP_TEXTS.chooseAccount).max(100) }))
  .query(({ input }) => fromProvider(() => messagingAdapter().listPhones(input.app_id, input.account_id)));
