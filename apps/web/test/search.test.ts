import { describe, expect, it } from "vitest";
import {
  bookingSearch,
  calendarSearch,
  crmSearch,
  invoicesSearch,
  listSearch,
  mainSearch,
  ordersSearch,
  paymentsSearch,
  oneVehicleSearch,
  vehiclesSearch,
} from "../src/routes/search";

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

  it("/main?chat=<id>: a chat's id as a whole positive number, from the text a push link carries", () => {
    expect(mainSearch.parse({ chat: "42" })).toEqual({ chat: 42 });
    expect(mainSearch.parse({ chat: 42 })).toEqual({ chat: 42 });
    for (const chat of ["abc", "0", "-3", "1.5", "99999999999", null, [1]])
      expect(mainSearch.parse({ chat })).toEqual({ chat: undefined });
    expect(mainSearch.parse({})).toEqual({});
  });

  it("an order open in the vehicles list's dialog and a list's search survive as text in the URL", () => {
    expect(vehiclesSearch.parse({ order: "15" })).toEqual({ order: 15 });
    expect(vehiclesSearch.parse({ order: "quince" })).toEqual({ order: undefined });
    expect(listSearch.parse({ search: 2024 })).toEqual({ search: "2024" });
  });

  it("the invoices keep their day range and client; a day or id that does not fit is dropped", () => {
    expect(invoicesSearch.parse({ from: "2026-01-01", to: "2026-01-31", client_id: "12", search: 33 })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      client_id: 12,
      search: "33",
    });
    expect(invoicesSearch.parse({ from: "1/1/2026", client_id: "ana" })).toEqual({
      from: undefined,
      client_id: undefined,
    });
  });

  it("the calendar keeps its day and view; the agenda its day or month", () => {
    expect(calendarSearch.parse({ date: "2026-03-09", view: "week" })).toEqual({ date: "2026-03-09", view: "week" });
    expect(calendarSearch.parse({ date: "9/3/2026", view: "year" })).toEqual({ date: undefined, view: undefined });
    expect(bookingSearch.parse({ month: "2026-03" })).toEqual({ month: "2026-03" });
    expect(bookingSearch.parse({ date: "2026-03-09" })).toEqual({ date: "2026-03-09" });
    expect(bookingSearch.parse({ month: "2026-13" })).toEqual({ month: undefined });
    expect(bookingSearch.parse({ month: "2026-3" })).toEqual({ month: undefined });
  });

  it("open dialogs, the orders' sort and the CRM's range, sort and ratings live in the URL", () => {
    expect(mainSearch.parse({ chat_order: "7" })).toEqual({ chat_order: 7 });
    expect(paymentsSearch.parse({ payment: "3", search: 55 })).toEqual({ payment: 3, search: "55" });
    expect(ordersSearch.parse({ reception: "none" })).toEqual({ reception: "none" });
    expect(ordersSearch.parse({ reception: "up" })).toEqual({ reception: undefined });
    expect(
      crmSearch.parse({ management: 4, client: "9", range: "today", sort: "scheduled_for", sort_direction: "asc" }),
    ).toEqual({ management: 4, client: 9, range: "today", sort: "scheduled_for", sort_direction: "asc" });
    expect(crmSearch.parse({ management: "x", sort_direction: "up", rating: "5" })).toEqual({
      management: undefined,
      sort_direction: undefined,
      rating: undefined,
    });
    expect(crmSearch.parse({ rating: [0, 5] })).toEqual({ rating: [0, 5] });
  });
});
