// The provider's apps, business accounts and phones for the manager's WhatsApp form (seed 002 section 7.4:
// /whatsapp/apps, /whatsapp/accounts, /whatsapp/phones). A provider failure is a Spanish error, its detail logged.
import { TRPCError } from "@taller/trpc";

export const PROVIDER_FAILED = "No se pudo consultar WhatsApp. Intenta nuevamente.";

export async function fromProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new TRPCError({ code: "BAD_GATEWAY", message: PROVIDER_FAILED, cause });
  }
}
