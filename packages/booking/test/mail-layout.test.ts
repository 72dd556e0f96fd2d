// The e-mail booking layout (src/inbound/mail-layout.ts) and the HTML-only mails' text, without a database.
import { describe, expect, it } from "vitest";
import { htmlToText } from "../src/inbound/html-text";
import { MAIL_ERRORS, parseBookingMail, parseMailDate, parseMailTime } from "../src/inbound/mail-layout";

const FULL = [
  "Local: Casa Matriz",
  "RUT: 12.345.678-5",
  "Nombre: Carolina Muñoz",
  "Patente: KX-PT-21",
  "Servicio: Mantención",
  "Fecha: 25-11-2026",
  "Hora: 10:30",
].join("\n");

describe("parseBookingMail", () => {
  it.each([
    [
      "every label",
      FULL,
      {
        location_name: "Casa Matriz",
        client_rut: "12.345.678-5",
        client_name: "Carolina Muñoz",
        identifier: "KXPT21",
        requirement_name: "Mantención",
        booking_date: "2026-11-25",
        booking_time: "10:30",
      },
    ],
    [
      "bullets, bold, other case, no accents, synonyms, CRLF, text around",
      "Hola,\r\nNueva reserva:\r\n- **SUCURSAL**: Providencia\r\n* rut cliente : 123456785\r\n• Cliente: Pedro\r\n- Vehiculo: hjkl 45\r\n- Motivo: Frenos\r\n- FECHA: martes 3/2/27\r\n- hora: 4:00 PM\r\nGracias",
      {
        location_name: "Providencia",
        client_rut: "12.345.678-5",
        client_name: "Pedro",
        identifier: "HJKL45",
        requirement_name: "Frenos",
        booking_date: "2027-02-03",
        booking_time: "16:00",
      },
    ],
    [
      "a forwarded mail ('>' quoting); the first value of a label counts",
      "> Patente: BBCC12\n> Patente: ZZZZ99\n> Fecha: 2026-12-01\n> Hora: 9.15 hrs",
      {
        location_name: null,
        client_rut: null,
        client_name: null,
        identifier: "BBCC12",
        requirement_name: null,
        booking_date: "2026-12-01",
        booking_time: "09:15",
      },
    ],
  ])("%s", (_, text, data) => {
    expect(parseBookingMail(text)).toEqual({ ok: true, data });
  });

  it.each([
    ["empty", "  \n ", MAIL_ERRORS.empty],
    ["no date", "Patente: KXPT21\nHora: 10:00", MAIL_ERRORS.noDate],
    ["a date that does not exist", "Patente: KXPT21\nFecha: 31-02-2026\nHora: 10:00", MAIL_ERRORS.badDate],
    ["no time", "Patente: KXPT21\nFecha: 25-11-2026", MAIL_ERRORS.noTime],
    ["a time out of the day", "Patente: KXPT21\nFecha: 25-11-2026\nHora: 25:00", MAIL_ERRORS.badTime],
    ["a RUT whose check digit is wrong", "RUT: 12.345.678-9\nFecha: 25-11-2026\nHora: 10:00", MAIL_ERRORS.badRut],
    ["no client nor vehicle", "Servicio: Frenos\nFecha: 25-11-2026\nHora: 10:00", MAIL_ERRORS.noClient],
    ["a plate made of punctuation only", "Patente: - . -\nFecha: 25-11-2026\nHora: 10:00", MAIL_ERRORS.noClient],
  ])("refuses %s in Spanish", (_, text, reason) => {
    expect(parseBookingMail(text)).toEqual({ ok: false, reason });
  });

  it("keeps long values to 200 characters", () => {
    const r = parseBookingMail(`Nombre: ${"a".repeat(5000)}\nFecha: 25-11-2026\nHora: 10:00`);
    expect(r.ok && r.data.client_name?.length).toBe(200);
  });
});

describe("dates and times as people write them", () => {
  it.each([
    ["25-11-2026", "2026-11-25"],
    ["25/11/2026", "2026-11-25"],
    ["25.11.26", "2026-11-25"],
    ["2026-11-25", "2026-11-25"],
    ["1 de marzo de 2027", "2027-03-01"],
    ["Lunes 1 marzo 2027", "2027-03-01"],
    ["29-02-2028", "2028-02-29"],
    ["29-02-2027", null],
    ["mañana", null],
    ["25 de brumario de 2026", null],
  ])("date %s", (value, expected) => expect(parseMailDate(value)).toBe(expected));

  it.each([
    ["10:00", "10:00"],
    ["9:5", null],
    ["9.30", "09:30"],
    ["10 hrs", "10:00"],
    ["10 h", "10:00"],
    ["15h30", "15:30"],
    ["12:15 AM", "00:15"],
    ["12:15 p.m.", "12:15"],
    ["13:00 PM", null],
    ["24:00", null],
    ["10:60", null],
    ["a las diez", null],
  ])("time %s", (value, expected) => expect(parseMailTime(value)).toBe(expected));
});

describe("htmlToText", () => {
  it("turns an HTML-only booking mail into the layout's lines", () => {
    const html =
      "<html><head><style>p{color:red}</style></head><body><p><b>Patente:</b> KX&#45;PT&#x2D;21</p><div>Nombre: Mar&iacute;a Pe&ntilde;a &amp; hijos</div>" +
      "<table><tr><td>Fecha:</td><td>25-11-2026</td></tr><tr><td>Hora:</td><td>10:00&nbsp;hrs</td></tr></table><script>alert(1)</script></body></html>";
    expect(htmlToText(html).split("\n")).toEqual([
      "Patente: KX-PT-21",
      "Nombre: María Peña & hijos",
      "Fecha: 25-11-2026",
      "Hora: 10:00 hrs",
    ]);
    expect(parseBookingMail(htmlToText(html))).toMatchObject({
      ok: true,
      data: { identifier: "KXPT21", booking_time: "10:00" },
    });
  });

  it("drops code points that are not characters and keeps unknown entities as written", () => {
    expect(htmlToText("a&#0;b&#xD800;c&#1114112;d &foo; &lt;")).toBe("abcd &foo; <");
  });
});
