// The workbook import's upsert of product categories (@taller/manager writes through it): its raw statement's answer
// checked against the database. What it and importProducts write is the import's tests'
// (packages/manager/test/import.test.ts).
import { DESCRIBE_ONLY, expectRowOf } from "@taller/testing";
import { useSeededApp } from "@taller/trpc/testing";
import { describe, it } from "vitest";
import { IMPORTED_CATEGORY_IDS, importCategoriesStatement } from "../src/write/import";

const app = useSeededApp();

describe("the import's upsert of product categories", () => {
  it("answers rows whose columns are the schema's", async () => {
    const { companyId } = app.fx().demo;
    await expectRowOf(
      app.db(),
      importCategoriesStatement(companyId, ["Categoría"], DESCRIBE_ONLY),
      IMPORTED_CATEGORY_IDS,
    );
  });
});
