export { vehiclesRouter } from "./router";
// The write functions other domains may call (the reception finds or creates the vehicle it receives). The
// operators' workbook import upserts its vehicles through "@taller/vehicles/import" (src/write/import.ts), which
// loads no router.
export { companyUsesPlates, createVehicle, updateVehicle, type VehicleInput } from "./write/vehicle";
export { loadBrandOptions } from "./brand-options";
