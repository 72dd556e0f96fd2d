import { router } from "@taller/trpc";
import { publicKey } from "./public-key";
import { subscribe } from "./subscribe";
import { unsubscribe } from "./unsubscribe";

export const pushRouter = router({
  publicKey,
  subscribe,
  unsubscribe,
});
