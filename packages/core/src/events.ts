// Realtime events, typed per domain: event type -> who sees it (one company, or every process of the platform) and
// the payload's schema. Events carry ids, never rows: a subscriber fetches what it is allowed to see. A domain adds
// its events here, in its own section, and publishes them through the transaction helper of @taller/trpc.
import { z } from "zod";
import { DOCUMENT_NOTIFICATIONS } from "./messaging";
import { idSchema } from "./ids";

/**
 * The input of a resumable stream: the last event id the client saw (bigint ids as digits; 15 keep Number() exact,
 * a longer one would reach SQL as "1e+30"). tRPC's client sends it back when it reconnects.
 */
export const resumableStreamInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,15}$/)
      .nullish(),
  })
  .optional();

const platform = <P extends z.ZodType>(payload: P) => ({ scope: "platform" as const, payload });
const company = <P extends z.ZodType>(payload: P) => ({ scope: "company" as const, payload });
/** The records a write changed, or `all` when they are too many to name in one event. */
const changedRecords = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);

export const REALTIME_EVENTS = {
  // Platform
  /** A server started with this version: open browsers on an older build offer to update (seed 000 section 2.3). */
  "version.ready": platform(z.object({ version: z.string().min(1).max(100) })),

  // Auth
  /** Sessions ended (logout, device closed, credential change): every process drops them and closes their sockets. */
  "session.ended": platform(z.object({ sessionIds: z.array(z.string().min(1).max(100)).min(1).max(100) })),
  /** A staff member's profile changed (name, picture, theme...): screens showing that user refetch it. */
  "user.updated": company(z.object({ id: idSchema })),

  // Company administration
  /**
   * What company.setup answers changed (`what`: roles, locations, holidays, statuses, requirements, preferences…):
   * open shells refetch the setup, and every process drops its cached sessions of the company, whose grants may have
   * changed.
   */
  "company.setup_changed": company(z.object({ what: z.string().min(1).max(50) })),

  // Calendar
  /** A calendar event was created or changed: open calendars of the company refetch their window. */
  "calendar.event.changed": company(z.object({ id: idSchema })),
  // Orders
  /**
   * Orders were created or changed (status, delivery, cancellation, edits): open orders, vehicles, calendar, kiosk
   * and chat screens refetch what they show of them.
   */
  "order.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  // Booking (the agenda)
  /** Bookings were created or changed (confirmed, no-show, rescheduled, checked in): open agendas refetch them. */
  "booking.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  /** A day, hour or professional's hour was blocked or unblocked (booking_blocks ids). */
  "booking.blocks_changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  /**
   * Bookings that arrived by e-mail were added, booked or removed (external_mails ids): the toolbar counter refetches.
   */
  "booking.external_mails_changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),

  // Vehicles and clients
  /**
   * Vehicles were created or changed (data, plate, owner, a merge of their owner): lists and pages refetch them.
   * `all`: too many to name (a spreadsheet import or its undo).
   */
  "vehicle.changed": company(changedRecords),
  /** Clients were created, changed or merged (a merged-away id is in the list), or `all` as for vehicles. */
  "client.changed": company(changedRecords),

  // Inventory
  /** Products were created or changed, or their stock moved: product lists and pages refetch them. */
  "inventory.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  /**
   * A category or warehouse was created, renamed or removed: product lists and pages (which show their names, a
   * column per warehouse), the product form's choices and 'Categorías y bodegas' refetch.
   */
  "inventory.catalogue_changed": company(
    z.object({
      kind: z.enum(["category", "warehouse"]),
      id: idSchema,
      change: z.enum(["created", "renamed", "removed"]),
    }),
  ),

  // Chat
  /** A chat's message was posted, changed (an event message edited) or removed: chat.onComments delivers it. */
  "chat.comment": company(
    z.object({
      chatId: idSchema,
      commentId: idSchema,
      kind: z.enum(["new", "changed", "removed"]),
    }),
  ),
  /**
   * Something for these users only (chat.onUser): 'added-to-document' (they became members of a chat: mentioned),
   * 'document-readed' (they read a chat on some device: badges refetch). chat.onUser's third channel, 'new-work',
   * is fed by `work.assigned`.
   */
  "chat.user": company(
    z.object({
      userIds: z.array(idSchema).min(1).max(100),
      channel: z.enum(["added-to-document", "document-readed"]),
      chatId: idSchema,
    }),
  ),

  // Works (packages/workpoint)
  /**
   * Work instances were requested, started or completed (works ids), all of one document: its works strip refetches.
   */
  "work.changed": company(
    z.object({
      ids: z.array(idSchema).min(1).max(100),
      documentType: z.string().min(1).max(50),
      documentId: idSchema,
    }),
  ),
  /**
   * A work was assigned to a user: chat.onUser delivers it as 'new-work' to that user's sessions alone (company-scoped
   * like every event, but meant for `userId` only).
   */
  "work.assigned": company(z.object({ userId: idSchema, ids: z.array(idSchema).min(1).max(100) })),

  // Push notifications
  /** Deliver a push notification to these users' devices (the push package sends it; a mention requests one). */
  "push.requested": company(
    z.object({
      userIds: z.array(idSchema).min(1).max(100),
      title: z.string().min(1).max(120),
      body: z.string().max(300),
      url: z.string().startsWith("/").max(300),
      tag: z.string().max(100),
    }),
  ),

  // CRM
  /**
   * Managements were created or changed (status, waiting list, lost, booking, generation jobs): an open detail
   * reloads and says 'La gestión ha sido actualizada' (the spec's 'updated-document'), the lists' KPIs refresh.
   */
  "crm.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),

  // Budgets
  /** Budgets were created, edited (lines, pictures) or moved to another status: open budget and order lists refetch. */
  "budget.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),

  // Provider (supplier pricings and buy orders)
  /** Pricings or buy orders were created, answered, confirmed or closed: the document's list of them refetches. */
  "provider.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  // Messaging
  /**
   * A document reached the moment one of the company's WhatsApp notifications is for (a booking placed, an order
   * received, a budget ready, a payment requested): the messaging package sends it (domains never import it).
   */
  "notification.requested": company(z.object({ notification: z.enum(DOCUMENT_NOTIFICATIONS), documentId: idSchema })),
  // Payments
  /**
   * Payment requests were created, paid or got a payment (webhook, reprocess, poller): open lists and details refetch.
   */
  "payment.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
  // Invoicing
  /** Invoices were drafted, issued, rejected or cancelled: open invoice lists and documents refetch. */
  "invoice.changed": company(z.object({ ids: z.array(idSchema).min(1).max(100) })),
} as const;

type Definitions = typeof REALTIME_EVENTS;
export type RealtimeEventType = keyof Definitions;

/** One event as a publisher writes it: the type fixes the payload's shape and whether it belongs to a company. */
export type RealtimeEvent = {
  [K in RealtimeEventType]: {
    type: K;
    companyId: Definitions[K]["scope"] extends "platform" ? null : number;
    payload: z.infer<Definitions[K]["payload"]>;
  };
}[RealtimeEventType];

export type RealtimeEventOf<K extends RealtimeEventType> = Extract<RealtimeEvent, { type: K }>;

/**
 * Events for servers, never forwarded to screens: session bookkeeping, push requests (their text is for the
 * addressed users only, not for every screen of the company) and notification requests (work for the messaging
 * package; screens learn of the message from the outbox).
 */
export function isServerOnlyEvent(type: RealtimeEventType): boolean {
  return type.startsWith("session.") || type === "push.requested" || type === "notification.requested";
}

/**
 * A narrower stream than a company's: the events of one thing, e.g. one chat's messages. The event bus routes each
 * event to its topic's subscribers once (one map lookup), instead of every subscriber of the company filtering
 * every event: a chat with 1,000 open screens costs one lookup per message, not 1,000 filters.
 */
export type EventTopic = `chat:${number}`;

export const chatTopic = (chatId: number): EventTopic => `chat:${chatId}`;

/** The topic an event belongs to, or null when it is only in its company's stream. */
export function eventTopic(event: RealtimeEvent): EventTopic | null {
  return event.type === "chat.comment" ? chatTopic(event.payload.chatId) : null;
}

/**
 * Most session ids one `session.ended` event carries (its payload must fit a NOTIFY); publishers split longer lists.
 */
export const SESSION_ENDED_MAX_IDS = 100;

/**
 * Checks an event against its definition (payload shape, company or platform scope). Publishers are typed already;
 * this catches what types cannot (a cast, an id list over its limit) before it reaches the outbox.
 */
export function parseRealtimeEvent(event: RealtimeEvent): RealtimeEvent {
  const definition = REALTIME_EVENTS[event.type] as (typeof REALTIME_EVENTS)[RealtimeEventType] | undefined;
  if (!definition) throw new Error(`Unknown realtime event type ${String(event.type)}`);
  const platformWide = definition.scope === "platform";
  if (platformWide !== (event.companyId === null)) {
    throw new Error(
      `Event ${event.type} is ${definition.scope}-wide: companyId must be ${platformWide ? "null" : "a company id"}`,
    );
  }
  return { ...event, payload: definition.payload.parse(event.payload) } as RealtimeEvent;
}
