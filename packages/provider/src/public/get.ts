import { providerTokenSchema } from "@taller/core";
import { tokenProcedure } from "@taller/trpc";
import { z } from "zod";
import { loadPage, type ProviderPage } from "./page";

const input = z.object({ token: providerTokenSchema });

/** provider/pricing: the pricing its access_token opens (a buy order's token opens nothing here). */
export const getPricing = tokenProcedure("access_token")
  .input(input)
  .query(({ ctx }): Promise<ProviderPage> => loadPage(ctx.db, ctx.companyId, ctx.document, "pricing"));

/** provider/buy-order: the buy order its access_token opens. */
export const getBuyOrder = tokenProcedure("access_token")
  .input(input)
  .query(({ ctx }): Promise<ProviderPage> => loadPage(ctx.db, ctx.companyId, ctx.document, "buy_order"));
