import { router } from "@taller/trpc";
import * as auth from "./auth";
import * as companies from "./companies";

export const managerRouter = router({
  auth: router({ login: auth.login, me: auth.me, logout: auth.logout }),
  companies: router({ list: companies.list, create: companies.create, remove: companies.remove }),
});
