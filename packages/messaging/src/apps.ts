import { managerProcedure } from "@taller/trpc";
import { messagingAdapter } from "./adapter";
import { fromProvider } from "./manager-provider";

/** The provider's apps (name, live, id) for the form's first select. */
export const apps = managerProcedure.query(() => fromProvider(() => messagingAdapter().listApps()));
