import { router } from "@taller/trpc";
import { adjustStock } from "./adjust-stock";
import { namedRouter } from "./named";
import { consume } from "./consumption/consume";
import { list as consumptionList } from "./consumption/list";
import { suggestions } from "./consumption/suggestions";
import { create } from "./products/create";
import { exportProducts } from "./products/export";
import { get } from "./products/get";
import { list } from "./products/list";
import { movements } from "./products/movements";
import { update } from "./products/update";
import { usage } from "./products/usage";

export const inventoryRouter = router({
  products: router({ list, get, movements, usage, create, update, export: exportProducts }),
  categories: namedRouter("category"),
  warehouses: namedRouter("warehouse"),
  adjustStock,
  consumption: router({ consume, list: consumptionList, suggestions }),
});
