/**
 * Screens whose route's loader asks for their first data while their code loads (lib/prefetch.ts); each module is
 * loaded with its route's first visit.
 */
export const ordersPrefetch = () => import("../features/orders/prefetch");
export const vehiclesPrefetch = () => import("../features/vehicles/prefetch");
