import { idSchema, ORDER_REASON_MAX, ORDER_TEXTS } from "@taller/core";
import { z } from "zod";

/** Every write of the order's life names the order and the version the user saw (orders.get's `version`). */
export const orderVersionInput = z.object({ id: idSchema, version: z.number().int().min(1).max(2_147_483_647) });

const reasonText = z.string().trim().max(ORDER_REASON_MAX, `Máximo ${ORDER_REASON_MAX} caracteres`);
/** An optional note on a status change. */
export const optionalReason = reasonText.nullish().transform((v) => v || null);
/** A cancellation's reason, required. */
export const requiredReason = reasonText.min(1, ORDER_TEXTS.reasonRequired);
