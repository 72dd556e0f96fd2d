import { useSeededApp as useSeededDatabase } from "@taller/trpc/testing";
import { createCaller } from "../src";

/** The seeded database of `useSeededApp`, with app-router callers for demo users. */
export function useSeededApp() {
  const app = useSeededDatabase();
  return {
    ...app,
    /** A caller logged in as `email` through a fresh session. */
    callerFor: async (email: string, signal?: AbortSignal) => createCaller(await app.staff(email), { signal }),
    /** A caller in a kiosk session of `email` on the device with this token. */
    kioskCallerFor: async (email: string, token: string, signal?: AbortSignal) =>
      createCaller(await app.kiosk(email, token), { signal }),
    /** A caller in a platform operator's session. */
    managerCaller: async (signal?: AbortSignal) => createCaller(await app.manager(), { signal }),
  };
}
