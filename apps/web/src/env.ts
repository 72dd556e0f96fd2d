/** The web app's build-time configuration, the one place that reads import.meta.env. */

/** The version this bundle was built as (vite.config.ts); the update dialog compares it with the server's. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION;
