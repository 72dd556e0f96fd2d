// The demo company's inbound mail key, published like the demo password (README), so the endpoint can be tried with
// curl right after `pnpm start`. Real companies get random keys (issueInboundMailKey without `fixed`).
import { issueInboundMailKey, receiveBookingMail } from "@taller/booking";
import { companies, inboundMailKeys, type Db } from "@taller/db";
import type { EventBus } from "@taller/trpc";
import { eq } from "drizzle-orm";

export const DEMO_INBOUND_MAIL_KEY = {
  selector: "demo-taller-mail",
  verifier: "publicada-como-la-clave-demo1234-del-taller",
} as const;

/** Sample mails a fresh demo gets through the same path as real ones (Message-IDs fixed: stored once). */
const SAMPLES = [
  "Local: Casa Matriz\nRUT: 12.345.678-5\nNombre: Carolina Muñoz\nPatente: KX-PT-21\nServicio: Mantención 10.000 km\nFecha: {date}\nHora: 10:30",
  "Nueva reserva desde el sitio web\n\n- Sucursal: Sucursal Providencia\n- Nombre: Pedro Soto\n- Patente: HJKL45\n- Motivo: Revisión de frenos\n- Fecha: {date}\n- Hora: 16:00 hrs",
];

/**
 * Makes sure the demo company ("taller.demo", seeded by the demo data) has the published key, and answers it; null
 * when there is no demo company or it has a key of its own. A first start also receives the sample mails.
 */
export async function demoInboundMailKey(
  deps: { db: Db; bus: EventBus },
  domain = "taller.demo",
): Promise<string | null> {
  const [company] = await deps.db
    .select({ id: companies.id, selector: inboundMailKeys.selector })
    .from(companies)
    .leftJoin(inboundMailKeys, eq(inboundMailKeys.companyId, companies.id))
    .where(eq(companies.domain, domain));
  if (!company || (company.selector !== null && company.selector !== DEMO_INBOUND_MAIL_KEY.selector)) return null;
  const key = await issueInboundMailKey(deps.db, company.id, DEMO_INBOUND_MAIL_KEY);
  if (company.selector === null) {
    const inThreeDays = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10).split("-").reverse().join("-");
    for (const [i, text] of SAMPLES.entries()) {
      await receiveBookingMail(deps, company.id, {
        messageId: `<demo-sample-${i + 1}@${domain}>`,
        text: text.replace("{date}", inThreeDays),
        html: null,
      });
    }
  }
  return key;
}
