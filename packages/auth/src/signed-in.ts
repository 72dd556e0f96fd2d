import { publicProcedure } from "@taller/trpc";

/**
 * Whether the request carries a live staff session: the login page's question (someone signed in goes straight into
 * the app). A visitor is the expected answer there, so it is `false`, not the 401 auth.me answers: a browser logs
 * every 401 as a console error. Reads the session the request already loaded; nothing else.
 */
export const signedIn = publicProcedure.query(
  ({ ctx }) => ctx.user !== null && ctx.session !== null && ctx.session.kind === "staff",
);
