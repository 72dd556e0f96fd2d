import { describe, expect, it } from "vitest";
import { oneVehicleSearch, vehiclesSearch } from "../src/routes/search";

describe("query strings validated by the router", () => {
  it("keeps a search as text, also one the router read as a number", () => {
    expect(vehiclesSearch.parse({ search: "ABCD12" })).toEqual({ search: "ABCD12" });
    expect(vehiclesSearch.parse({ search: 123456 })).toEqual({ search: "123456" });
    expect(vehiclesSearch.parse({})).toEqual({});
  });

  it("drops what does not fit instead of failing the page", () => {
    expect(vehiclesSearch.parse({ search: { x: 1 }, status: [1, 9] })).toEqual({
      search: undefined,
      status: undefined,
    });
    expect(vehiclesSearch.parse({ status: "todos" })).toEqual({ status: undefined });
  });

  it("a link to one vehicle names every status, which the schema accepts", () => {
    const search = oneVehicleSearch("ABCD12");
    expect(search.status).toEqual([1, 2, 3]);
    expect(vehiclesSearch.parse(search)).toEqual(search);
  });
});
