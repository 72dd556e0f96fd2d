import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_TZ,
  addDays,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  formatShortDateCL,
  formatTime,
  maskDayInput,
  parseDayInput,
  titleCase,
  todayIn,
  truncate,
  weekdayOf,
} from "../src/index";

describe("formatMoney", () => {
  it("groups thousands with a dot even for four digits", () => {
    expect(formatMoney(1234)).toBe("$1.234");
    expect(formatMoney(1000)).toBe("$1.000");
    expect(formatMoney(999)).toBe("$999");
    expect(formatMoney(1234567)).toBe("$1.234.567");
  });

  it("formats zero and negatives with the sign before the symbol", () => {
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(-0)).toBe("$0");
    expect(formatMoney(-1234)).toBe("-$1.234");
    expect(formatMoney(-5)).toBe("-$5");
  });

  it("formats large amounts without exponent notation", () => {
    expect(formatMoney(1_234_567_890_123)).toBe("$1.234.567.890.123");
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("$9.007.199.254.740.991");
    expect(formatMoney(1e21)).toBe("$1.000.000.000.000.000.000.000");
  });

  it("rounds non-integer pesos half away from zero", () => {
    expect(formatMoney(1234.5)).toBe("$1.235");
    expect(formatMoney(1234.49)).toBe("$1.234");
    expect(formatMoney(-1234.5)).toBe("-$1.235");
    expect(formatMoney(1000 * 1.19)).toBe("$1.190");
    expect(formatMoney(-0.4)).toBe("$0");
  });

  it("uses the minor unit of other currencies", () => {
    expect(formatMoney(1234.5, "USD")).toBe("US$1.234,50");
    expect(formatMoney(-1234.5, "USD")).toBe("-US$1.234,50");
  });

  it("rejects NaN, Infinity and unknown currencies", () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Infinity)).toThrow(RangeError);
    expect(() => formatMoney(1, "NOPE")).toThrow(RangeError);
  });
});

describe("formatNumber", () => {
  it("uses a decimal comma and dot thousands", () => {
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(formatNumber(1234)).toBe("1.234");
    expect(formatNumber(1234567.891)).toBe("1.234.567,891");
    expect(formatNumber(-1234.5)).toBe("-1.234,5");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(0.5)).toBe("0,5");
  });

  it("defaults to at most 3 decimals, trimming zeros", () => {
    expect(formatNumber(0.1 + 0.2)).toBe("0,3");
    expect(formatNumber(1.23456)).toBe("1,235");
  });

  it("pads or rounds to a fixed number of decimals", () => {
    expect(formatNumber(1234.5, 2)).toBe("1.234,50");
    expect(formatNumber(1234.5, 0)).toBe("1.235");
    expect(formatNumber(2.345, 1)).toBe("2,3");
    expect(formatNumber(-0.001, 2)).toBe("0,00");
  });

  it("rejects bad input", () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
  });
});

describe("instants in a time zone", () => {
  it("defaults to America/Santiago", () => {
    expect(DEFAULT_TZ).toBe("America/Santiago");
    // 15:00Z in January is 12:00 in Santiago (summer time, UTC-3).
    expect(formatDateTime("2026-01-15T15:00:00Z")).toBe("15-01-2026 12:00");
  });

  it("formats dd-mm-yyyy, 24-hour HH:mm and both", () => {
    const instant = new Date("2026-07-09T22:05:00Z"); // winter, UTC-4
    expect(formatDate(instant)).toBe("09-07-2026");
    expect(formatTime(instant)).toBe("18:05");
    expect(formatDateTime(instant)).toBe("09-07-2026 18:05");
    expect(formatTime("2026-07-10T04:00:00Z")).toBe("00:00");
  });

  it("honours another zone", () => {
    expect(formatDateTime("2026-07-09T22:05:00Z", "UTC")).toBe("09-07-2026 22:05");
    expect(formatDateTime("2026-07-09T22:05:00Z", "Asia/Tokyo")).toBe("10-07-2026 07:05");
  });

  // Chile leaves summer time on Sunday 2026-04-05 at 00:00 (-03), going back to
  // Saturday 23:00 (-04), so 23:00-23:59 on 04-04 happens twice.
  it("handles the April DST end", () => {
    expect(formatDateTime("2026-04-05T02:30:00Z")).toBe("04-04-2026 23:30"); // -03
    expect(formatDateTime("2026-04-05T02:59:00Z")).toBe("04-04-2026 23:59"); // -03
    expect(formatDateTime("2026-04-05T03:00:00Z")).toBe("04-04-2026 23:00"); // -04
    expect(formatDateTime("2026-04-05T03:30:00Z")).toBe("04-04-2026 23:30"); // -04
    expect(formatDateTime("2026-04-05T04:00:00Z")).toBe("05-04-2026 00:00"); // -04
    expect(formatDate("2026-04-05T03:30:00Z")).toBe("04-04-2026");
  });

  // Summer time starts Sunday 2026-09-06: 00:00 (-04) jumps to 01:00 (-03).
  it("handles the September DST start", () => {
    expect(formatDateTime("2026-09-06T03:30:00Z")).toBe("05-09-2026 23:30"); // -04
    expect(formatDateTime("2026-09-06T03:59:00Z")).toBe("05-09-2026 23:59"); // -04
    expect(formatDateTime("2026-09-06T04:00:00Z")).toBe("06-09-2026 01:00"); // -03
    expect(formatDateTime("2026-09-06T04:30:00Z")).toBe("06-09-2026 01:30"); // -03
    expect(formatDate("2026-09-06T04:00:00Z")).toBe("06-09-2026");
  });

  it("parses offsets and the Postgres text form the same in every engine", () => {
    const expected = "04-04-2026 23:30";
    expect(formatDateTime("2026-04-04T23:30:00-04:00")).toBe(expected);
    expect(formatDateTime("2026-04-05 03:30:00+00")).toBe(expected);
    expect(formatDateTime("2026-04-05T03:30:00.123456Z")).toBe(expected);
    expect(formatDateTime("2026-04-05T07:00+0330")).toBe(expected);
  });

  it("rejects strings that are not unambiguous instants", () => {
    expect(() => formatDate("2026-04-05")).toThrow(/formatDay/);
    expect(() => formatDate("2026-04-05T03:30:00")).toThrow(RangeError); // no offset
    expect(() => formatDate("2026-02-30T03:30:00Z")).toThrow(RangeError);
    expect(() => formatDate("yesterday")).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });

  it("formatShortDateCL uses a two-digit year", () => {
    expect(formatShortDateCL("2026-04-05T03:30:00Z")).toBe("04-04-26");
    expect(formatShortDateCL("2026-04-05T04:00:00Z")).toBe("05-04-26");
  });
});

describe("day-dates", () => {
  it("formatDay rearranges YYYY-MM-DD", () => {
    expect(formatDay("2026-04-05")).toBe("05-04-2026");
    expect(formatDay("2024-02-29")).toBe("29-02-2024");
  });

  it("rejects malformed or impossible days", () => {
    for (const bad of [
      "2026-4-5",
      "05-04-2026",
      "2026-02-29",
      "2026-13-01",
      "2026-04-31",
      "2026-04-05T00:00:00Z",
      "",
    ]) {
      expect(() => formatDay(bad), bad).toThrow(RangeError);
    }
  });

  it("addDays crosses months, years and leap days", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-04-04", 1)).toBe("2026-04-05"); // across Chile's DST change
    expect(addDays("2026-09-05", 1)).toBe("2026-09-06");
    expect(addDays("2026-04-05", 0)).toBe("2026-04-05");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(() => addDays("2026-01-01", 0.5)).toThrow(RangeError);
  });

  it("weekdayOf is 1=Monday..7=Sunday", () => {
    expect(weekdayOf("2026-04-06")).toBe(1); // Monday
    expect(weekdayOf("2026-04-08")).toBe(3);
    expect(weekdayOf("2026-04-11")).toBe(6);
    expect(weekdayOf("2026-04-05")).toBe(7); // Sunday, DST end in Chile
    expect(weekdayOf("2026-09-06")).toBe(7); // Sunday, DST start in Chile
    expect(weekdayOf("2000-01-01")).toBe(6);
  });

  it("todayIn gives the day in the zone, not in UTC", () => {
    // 02:30Z on 04-05 is still 04-04 in Santiago but already 04-05 in UTC.
    const now = new Date("2026-04-05T02:30:00Z");
    expect(todayIn(DEFAULT_TZ, now)).toBe("2026-04-04");
    expect(todayIn("UTC", now)).toBe("2026-04-05");
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2026-04-05");
    expect(todayIn()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("independence from the process time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
    vi.restoreAllMocks();
  });

  // UTC+14 and UTC-8/-7: the two sides where a local-midnight Date would land
  // on another UTC day.
  for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles"]) {
    it(`gives the same results with TZ=${tz}`, () => {
      process.env.TZ = tz;
      // Guard: prove Node picked up the zone, otherwise this test proves nothing.
      const expectedOffset = tz === "Pacific/Kiritimati" ? -14 * 60 : 7 * 60;
      expect(new Date("2026-07-01T12:00:00Z").getTimezoneOffset()).toBe(expectedOffset);

      expect(formatDay("2026-04-05")).toBe("05-04-2026");
      expect(addDays("2026-04-05", 1)).toBe("2026-04-06");
      expect(weekdayOf("2026-04-05")).toBe(7);
      expect(todayIn(DEFAULT_TZ, new Date("2026-04-05T02:30:00Z"))).toBe("2026-04-04");
      expect(formatDateTime("2026-09-06T04:00:00Z")).toBe("06-09-2026 01:00");
    });
  }

  it("never calls local-time Date methods", () => {
    const localMethods = [
      "getFullYear",
      "getMonth",
      "getDate",
      "getDay",
      "getHours",
      "getMinutes",
      "getTimezoneOffset",
      "setFullYear",
      "setMonth",
      "setDate",
      "setHours",
      "toLocaleDateString",
      "toLocaleString",
      "toLocaleTimeString",
    ] as const;
    for (const m of localMethods) {
      vi.spyOn(Date.prototype, m).mockImplementation(() => {
        throw new Error(`local-time Date.prototype.${m} used`);
      });
    }
    expect(formatDay("2026-04-05")).toBe("05-04-2026");
    expect(addDays("2026-04-05", 30)).toBe("2026-05-05");
    expect(weekdayOf("2026-04-05")).toBe(7);
    expect(todayIn(DEFAULT_TZ, new Date("2026-04-05T02:30:00Z"))).toBe("2026-04-04");
    expect(formatDateTime("2026-04-05T03:30:00Z")).toBe("04-04-2026 23:30");
    expect(formatShortDateCL("2026-04-05T03:30:00Z")).toBe("04-04-26");
  });
});

describe("titleCase", () => {
  it("capitalises each word of a name", () => {
    expect(titleCase("JUAN PÉREZ soto")).toBe("Juan Pérez Soto");
    expect(titleCase("ñuñoa ÁLVAREZ")).toBe("Ñuñoa Álvarez");
    expect(titleCase("  ana   maría  ")).toBe("Ana María");
    expect(titleCase("")).toBe("");
  });

  it("handles hyphens, apostrophes and particles", () => {
    expect(titleCase("MARÍA-JOSÉ o'higgins")).toBe("María-José O'Higgins");
    expect(titleCase("JUAN DE LA FUENTE Y DEL RÍO")).toBe("Juan de la Fuente y del Río");
    expect(titleCase("de la fuente")).toBe("De la Fuente");
  });
});

describe("truncate", () => {
  it("leaves short text alone", () => {
    expect(truncate("Órdenes de Trabajo", 30)).toBe("Órdenes de Trabajo");
    expect(truncate("x".repeat(30), 30)).toBe("x".repeat(30));
  });

  it("cuts to max characters including the ellipsis", () => {
    const title = "Orden de Trabajo 12345 — Juan Pérez Soto";
    const cut = truncate(title, 30);
    expect(cut).toBe("Orden de Trabajo 12345 — Juan…");
    expect(Array.from(cut)).toHaveLength(30);
    expect(truncate("abcdef", 1)).toBe("…");
  });

  it("drops trailing spaces before the ellipsis and never splits emoji", () => {
    expect(truncate("Hola mundo", 6)).toBe("Hola…");
    expect(truncate("🚗🚗🚗🚗", 3)).toBe("🚗🚗…");
  });

  it("rejects a max below 1", () => {
    expect(() => truncate("abc", 0)).toThrow(RangeError);
    expect(() => truncate("abc", 2.5)).toThrow(RangeError);
  });
});

describe("day-dates typed by hand (dd-mm-yyyy)", () => {
  it("reads dd-mm-yyyy, with '/' or '.' and one-digit parts, as YYYY-MM-DD", () => {
    expect(parseDayInput("05-04-2026")).toBe("2026-04-05");
    expect(parseDayInput(" 5/4/2026 ")).toBe("2026-04-05");
    expect(parseDayInput("29.02.2028")).toBe("2028-02-29");
  });

  it("refuses what is not a whole, real day, and the ISO and US orders", () => {
    expect(parseDayInput("29-02-2026")).toBeNull();
    expect(parseDayInput("31-04-2026")).toBeNull();
    expect(parseDayInput("04-13-2026")).toBeNull();
    expect(parseDayInput("2026-04-05")).toBeNull();
    expect(parseDayInput("05-04-26")).toBeNull();
    expect(parseDayInput("")).toBeNull();
  });

  it("round-trips with formatDay", () => {
    for (const day of ["2026-01-01", "2026-12-31", "2028-02-29"]) expect(parseDayInput(formatDay(day))).toBe(day);
  });

  it("puts the dashes in while digits are typed", () => {
    expect(maskDayInput("0")).toBe("0");
    expect(maskDayInput("05")).toBe("05");
    expect(maskDayInput("050")).toBe("05-0");
    expect(maskDayInput("05042026")).toBe("05-04-2026");
    expect(maskDayInput("050420261")).toBe("05-04-2026");
  });

  it("keeps the typed separators, reads '/' as '-', and drops letters", () => {
    expect(maskDayInput("5/4/2026")).toBe("5-4-2026");
    expect(maskDayInput("05-")).toBe("05-");
    expect(maskDayInput("ab05x04")).toBe("05-04");
    expect(maskDayInput("-")).toBe("");
  });
});
