import { z } from "zod";
import { MODULE_KEYS, STATUS_TYPES, THEMES } from "./company-keys";
import { DEFAULT_TERMS } from "./terms";
import { idSchema } from "./ids";

export const themeSchema = z.enum(THEMES);
export const moduleKeySchema = z.enum(MODULE_KEYS);
export const statusTypeSchema = z.enum(STATUS_TYPES);

/** Optional: terms named before it could be chosen take `guessGender`'s (terms.ts). */
export const termGenderSchema = z.enum(["m", "f"], { error: "Elige masculino o femenino" }).optional();
const termSchema = z.object({ singular: z.string().min(1), plural: z.string().min(1), gender: termGenderSchema });
export type Term = z.infer<typeof termSchema>;

export const companyPreferencesSchema = z.object({
  logo: z.string().nullable().default(null),
  booking_type: z.enum(["professional", "capacity"]).default("capacity"),
  // Roles whose users are the agenda's professionals; empty: every user with a role (seed 001 'Company preferences').
  booking_role_ids: z.array(idSchema).default([]),
  booking_addon: z
    .object({ allowed_domains: z.string().default(""), background_color: z.string().default("#ffffff") })
    .default({ allowed_domains: "", background_color: "#ffffff" }),
  // Seconds of inactivity before the kiosk logs out; 0 disables it.
  workpoint_logout_time: z.number().int().min(0).default(30),
  terms: z
    .object({ object: termSchema, client: termSchema, order: termSchema, crm: termSchema })
    .default(DEFAULT_TERMS),
  object_icon: z.string().default("directions_car"),
  modules: z.array(z.object({ key: moduleKeySchema, name: z.string().min(1), visible: z.boolean() })).default([]),
  // Whether stock may go below zero (a consumption recorded before its receipt); the inventory's write module reads
  // it inside its conditional update.
  allow_negative_stock: z.boolean().default(false),
});
export type CompanyPreferences = z.infer<typeof companyPreferencesSchema>;

/** Weekdays are numbered 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Hora inválida (HH:mm)");
export const daysPreferencesSchema = z.object({
  max_bookings: z.number().int().min(1).default(3),
  time_interval: z.number().int().min(5).max(240).default(10),
  days: z.record(
    z.enum(WEEKDAYS),
    z.object({ enabled: z.boolean(), start_time: hhmm.default("09:00"), end_time: hhmm.default("18:00") }),
  ),
});
export type DaysPreferences = z.infer<typeof daysPreferencesSchema>;

/** A new company's opening hours until its administrator sets them: weekdays 9 to 18, Saturday morning. */
export const DEFAULT_DAYS_PREFERENCES: DaysPreferences = daysPreferencesSchema.parse({
  days: {
    "1": { enabled: true, start_time: "09:00", end_time: "18:00" },
    "2": { enabled: true, start_time: "09:00", end_time: "18:00" },
    "3": { enabled: true, start_time: "09:00", end_time: "18:00" },
    "4": { enabled: true, start_time: "09:00", end_time: "18:00" },
    "5": { enabled: true, start_time: "09:00", end_time: "18:00" },
    "6": { enabled: true, start_time: "09:00", end_time: "13:00" },
    "7": { enabled: false, start_time: "09:00", end_time: "13:00" },
  },
});
