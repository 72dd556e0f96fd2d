import { can, staffProcedure } from "@taller/trpc";
import { currentProviderName } from "./provider";

/**
 * How this server takes payments, for 'Crear cobro': "mercadopago", "test" (the local 'Pago de prueba' checkout,
 * turned on by the configuration) or null (none: creating a request is refused, and the dialog says why first).
 */
export const checkoutMode = staffProcedure.use(can("create", "payment")).query(() => {
  const name = currentProviderName();
  return { mode: name === "local" ? ("test" as const) : name };
});
