import { router } from "@taller/trpc";
import * as auth from "./auth";
import * as companies from "./companies";
import { connect } from "./databases/connect";
import { create } from "./databases/create";
import { get } from "./databases/get";
import { list } from "./databases/list";
import { remove } from "./databases/remove";
import { removeConnection } from "./databases/remove-connection";
import { undoImport } from "./databases/undo-import";
import { update } from "./databases/update";

export const managerRouter = router({
  auth: router({ login: auth.login, me: auth.me, logout: auth.logout }),
  companies: router({ list: companies.list, create: companies.create, remove: companies.remove }),
  databases: router({ list, get, create, update, remove, connect, removeConnection, undoImport }),
});
