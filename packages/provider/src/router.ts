import { router } from "@taller/trpc";
import { get } from "./actions/get";
import { list } from "./actions/list";
import { create } from "./create";
import { forDocument } from "./for-document";
import { issue, revoke } from "./links-procedures";
import { onChanged } from "./on-changed";
import { options } from "./options";
import { publicProviderRouter } from "./public/router";
import { receive } from "./receive";
import { toBuyOrder } from "./to-buy-order";
import { setStatus } from "./set-status";
import { createSupplier, suppliers } from "./suppliers";

export const providerRouter = router({
  suppliers,
  createSupplier,
  options,
  create,
  forDocument,
  issueLink: issue,
  revokeLink: revoke,
  setStatus,
  receive,
  toBuyOrder,
  actions: router({ list, get }),
  onChanged,
  public: publicProviderRouter,
});
