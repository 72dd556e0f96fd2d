export { vehiclesRouter } from "./router";
// The write functions other domains may call (the reception finds or creates the vehicle it receives).
export { companyUsesPlates, createVehicle, updateVehicle, type VehicleInput } from "./write";
export { loadBrandOptions } from "./brand-options";
