/** /main/work's loader (lib/prefetch.ts): the user's pending works, the tab the screen opens on. */
import type { Prefetch } from "../../lib/prefetch";
import { worksListInput } from "./list-input";

export const prefetch: Prefetch = ({ utils, me }) =>
  utils.workpoint.list.prefetchInfinite(worksListInput(me.id, "open"));
