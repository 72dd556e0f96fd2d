/**
 * The header the web app sends on every API request and upload (its value names the client: "web"). A cross-site
 * form cannot set a header, and a cross-site fetch that sets one needs a CORS preflight the server never grants:
 * the server refuses writes without it, which keeps other sites from writing with the user's cookie (CSRF).
 */
export const CLIENT_HEADER = "x-trpc-source";

/** Calls one batched API request may carry: the server refuses more before running any, the web client splits. */
export const MAX_BATCH_CALLS = 10;
