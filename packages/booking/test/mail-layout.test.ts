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

// The bodies that held the event loop (quadratic backtracking), at the endpoint's 1 MiB. What they must do is answer
// at all: with the old regexes each took minutes, past the test's timeout; the lint's regexp rules (tooling/eslint)
// keep any regex from coming back to it.
describe("mails built to backtrack, at 1 MiB", () => {
  const MIB = 1024 * 1024;
  const fill = (head: string, unit: string, tail = "") =>
    head + unit.repeat(Math.floor((MIB - head.length - tail.length) / unit.length)) + tail;

  it.each([
    ["a label line of spaces and asterisks", fill("Fecha: x", " *"), MAIL_ERRORS.badDate],
    ["a line of bullets and spaces", fill("", "- ", "Patente"), MAIL_ERRORS.noDate],
    ["a long time", `Patente: AB12\nFecha: 25-11-2026\n${fill("Hora: 1", " ")}x`, MAIL_ERRORS.badTime],
  ])("%s", (_, text, reason) => {
    expect(text.length).toBeGreaterThan(MIB - 16);
    expect(parseBookingMail(text)).toEqual({ ok: false, reason });
  });

  it.each([
    ["'<'s no '>' closes", fill("", "<"), "<".repeat(MIB)],
    ["<script>s none closes", fill("", "<script>x"), "x".repeat(MIB / 9)],
    ["spaces without a line break", fill("a", " ", "b"), "a b"],
  ])("htmlToText: %s", (_, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe("htmlToText reads tags by hand", () => {
  it("as the layout needs them: any case, br and block ends as lines, cells as spaces, comments and scripts out", () => {
    const html =
      '<DIV>Local: Centro</DIV><BR/>Nombre:<B> Ana</B><br class="x">Patente: Z<Script type="x">var a = "<p>";</SCRIPT >Z11<!-- c --></li>' +
      "<p>Fecha: 1-1-2030</p ><table><tr><TH>Hora</TH><td>10:00</td></tr></table>";
    expect(htmlToText(html).split("\n")).toEqual([
      "Local: Centro",
      "",
      "Nombre: AnaPatente: ZZ11",
      "Fecha: 1-1-2030",
      "Hora 10:00",
    ]);
  });

  it("keeps the text after an unclosed <script> and after a '<' that no '>' closes", () => {
    expect(htmlToText("<script>Patente: AB12")).toBe("Patente: AB12");
    expect(htmlToText("a < b")).toBe("a < b");
    expect(htmlToText("<scripts>x</scripts>")).toBe("x");
  });
});
