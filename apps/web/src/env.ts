/** The web app's configuration, the one place that reads it. */

/**
 * The version this page was served as: the server writes its own APP_VERSION into index.html at run time (a build is
 * reused across versions, so the build cannot know it). The update dialog compares it with the server's announcement.
 */
export const APP_VERSION: string = document.querySelector<HTMLMetaElement>('meta[name="app-version"]')?.content ?? "";
