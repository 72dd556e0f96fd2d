// The workbook import's upserts of brands and models (@taller/manager writes through them): their raw statements'
// answers checked against the database. What they and importVehicles write is the import's tests'
// (packages/manager/test/import.test.ts).
import { DESCRIBE_ONLY, expectRowOf } from "@taller/testing";
import { useSeededApp } from "@taller/trpc/testing";
import { describe, it } from "vitest";
import {
  IMPORTED_BRAND_IDS,
  IMPORTED_MODEL_IDS,
  importBrandsStatement,
  importModelsStatement,
} from "../src/write/import";

const app = useSeededApp();

describe("the import's upserts of brands and models", () => {
  it("answer rows whose columns are the schema's", async () => {
    const { companyId } = app.fx().demo;
    await expectRowOf(app.db(), importBrandsStatement(companyId, ["Marca"], DESCRIBE_ONLY), IMPORTED_BRAND_IDS);
    await expectRowOf(
      app.db(),
      importModelsStatement(companyId, [{ brand_id: 1, name: "Modelo" }], DESCRIBE_ONLY),
      IMPORTED_MODEL_IDS,
    );
  });
});
