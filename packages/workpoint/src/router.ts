import { router } from "@taller/trpc";
import { complete } from "./complete";
import * as devices from "./devices";
import { get } from "./get";
import * as kiosk from "./kiosk";
import { list } from "./list";
import { ownWorks } from "./own-works";
import { request } from "./request";
import { requiredWorks } from "./required-works";
import { start } from "./start";

export const workpointRouter = router({
  requiredWorks,
  request,
  start,
  complete,
  ownWorks,
  list,
  get,
  devices: router({ list: devices.list, register: devices.register, revoke: devices.revoke }),
  kiosk: router({
    check: kiosk.check,
    me: kiosk.me,
    works: kiosk.works,
    start: kiosk.start,
    complete: kiosk.complete,
    onChange: kiosk.onChange,
  }),
});
