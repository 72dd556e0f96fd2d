import { staffProcedure } from "@taller/trpc";
import { pushPolicy } from "./policy";
import { vapidKeys } from "./vapid";

/**
 * The VAPID public key browsers subscribe with, or null when this server delivers no pushes (the outbox default):
 * then the app neither asks for permission nor subscribes, since nothing would ever arrive.
 */
export const publicKey = staffProcedure.query(async ({ ctx }) => ({
  publicKey: pushPolicy().delivery === "web-push" ? (await vapidKeys(ctx.db)).publicKey : null,
}));
