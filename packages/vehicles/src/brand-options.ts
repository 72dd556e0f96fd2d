import { brandModels, brands } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";

/** The company's brands with their models, for the vehicle dialogs' 'Marca' and 'Modelo'. */
export const brandOptions = staffProcedure.use(can("read", "vehicle")).query(async ({ ctx }) => {
  const [brandRows, modelRows] = await Promise.all([
    ctx.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.companyId, ctx.companyId))
      .orderBy(asc(brands.name), asc(brands.id)),
    ctx.db
      .select({ id: brandModels.id, brand_id: brandModels.brandId, name: brandModels.name })
      .from(brandModels)
      .where(eq(brandModels.companyId, ctx.companyId))
      .orderBy(asc(brandModels.name), asc(brandModels.id)),
  ]);
  return brandRows.map((brand) => ({ ...brand, models: modelRows.filter((m) => m.brand_id === brand.id) }));
});
