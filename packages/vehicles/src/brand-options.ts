import { brandModels, brands, type Db } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";

/** The company's brands, each with its models, by name (the vehicle dialogs' and the reception's selects). */
export async function loadBrandOptions(db: Db, companyId: number) {
  const [brandRows, modelRows] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.companyId, companyId))
      .orderBy(asc(brands.name), asc(brands.id)),
    db
      .select({ id: brandModels.id, brand_id: brandModels.brandId, name: brandModels.name })
      .from(brandModels)
      .where(eq(brandModels.companyId, companyId))
      .orderBy(asc(brandModels.name), asc(brandModels.id)),
  ]);
  return brandRows.map((brand) => ({ ...brand, models: modelRows.filter((m) => m.brand_id === brand.id) }));
}

/** The company's brands with their models, for the vehicle dialogs' 'Marca' and 'Modelo'. */
export const brandOptions = staffProcedure
  .use(can("read", "vehicle"))
  .query(({ ctx }) => loadBrandOptions(ctx.db, ctx.companyId));
