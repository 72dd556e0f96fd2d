// Clients and vehicles as the demo draws them: the demo's own ones and its clients with a history (history.ts) are
// the same kind of row, drawn in the same order from a random stream.
import { computeRutDv, formatRut } from "@taller/core";
import { CITIES, COLORS, FIRST_NAMES, LAST_NAMES, STREETS } from "./data";
import type { Random } from "./random";

const chileanRut = (body: number) => formatRut(`${body}${computeRutDv(body)}`);
const personName = (r: Random) => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)} ${r.pick(LAST_NAMES)}`;
const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, ".");

/** A Chilean plate: new format BBBB12 (consonants) or old AB1234. */
function plate(r: Random, i: number): string {
  const letters = "BCDFGHJKLPRSTVWXYZ";
  if (r.chance(0.6))
    return `${r.pick([...letters])}${r.pick([...letters])}${r.pick([...letters])}${r.pick([...letters])}${String(i % 100).padStart(2, "0")}`;
  return `${r.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ"])}${r.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ"])}${String(1000 + ((i * 37) % 9000))}`;
}

/** The company's client number `i` (its e-mail carries it, so e-mails differ). */
export function clientRow(r: Random, companyId: number, i: number) {
  const name = personName(r);
  return {
    companyId,
    rut: chileanRut(r.int(6_000_000, 24_999_999)),
    name,
    email: `${slug(name.split(" ").slice(0, 2).join(" "))}${i}@correo.cl`,
    phone: `+56 9 ${r.int(1000, 9999)} ${r.int(1000, 9999)}`,
    address: `${r.pick(STREETS)} ${r.int(100, 9999)}`,
    city: r.pick(CITIES),
    rating: r.int(0, 5),
  };
}

/** The company's vehicle number `i`, owned by `clientId` (a few have no owner on file, as at a real front desk). */
export function vehicleRow(
  r: Random,
  company: { companyId: number; models: { brandId: number; modelId: number }[]; motorItemIds: number[] },
  year: number,
  i: number,
  clientId: number,
) {
  const model = r.pick(company.models);
  return {
    companyId: company.companyId,
    clientId: r.chance(0.95) ? clientId : null,
    brandId: model.brandId,
    brandModelId: model.modelId,
    identifier: plate(r, i),
    chassis: `9BW${r.int(10_000_000, 99_999_999)}${r.int(100_000, 999_999)}`,
    year: r.int(2008, year),
    color: r.pick(COLORS),
    kms: r.int(5_000, 250_000),
    customFields: { $$motor: r.pick(company.motorItemIds) },
  };
}
