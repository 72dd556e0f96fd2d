import type { Action, CompanyPreferences, DaysPreferences, Resource, StatusType } from "@taller/core";
import {
  ACTIONS,
  addDays,
  companyPreferencesSchema,
  present,
  DEFAULT_DAYS_PREFERENCES,
  RESOURCES,
  todayIn,
  zonedInstant,
} from "@taller/core";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { seedChatDemo } from "./chat";
import { seedDemoPictures, type PicturesFixture } from "./pictures";
import { seedMessagingDemo } from "./messaging";
import {
  brandModels,
  brands,
  clients,
  companies,
  customFields,
  events,
  holidays,
  locations,
  orders,
  requirements,
  rolePermissions,
  roles,
  statuses,
  statusTransitions,
  users,
  vehicles,
  managerUsers,
} from "../schema";
import {
  BRANDS,
  BUDGET_STATUSES,
  chileanHolidays,
  COMMENTS,
  CRM_STATUSES,
  MOTOR_TYPES,
  ORDER_STATUSES,
  REQUIREMENTS,
} from "./data";
import { seedBookings } from "./booking";
import { seedBudgets } from "./budgets";
import { seedCatalogue } from "./catalogue";
import { seedCrm } from "./crm";
import { seedHistory } from "./history";
import { clientRow, vehicleRow } from "./people";
import { seedWorks } from "./works";
import { seedProvider, type ProviderSeed } from "./provider";
import { seedInvoices } from "./invoices";
import { seedPayments, type PaymentSeed } from "./payments";
import { createRandom } from "./random";

export const DEMO_PASSWORD = "demo1234";
/** The demo's platform operator: password DEMO_PASSWORD and this authenticator secret. */
export const DEMO_OPERATOR = { email: "operador@taller.demo", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" } as const;

type Grants = [Action, Resource, boolean?][];
const all = (resources: readonly Resource[]): Grants =>
  resources.flatMap((r) => ACTIONS.map((a): [Action, Resource] => [a, r]));
const crud = (r: Resource): Grants => ACTIONS.map((a) => [a, r]);

/** Seed roles: what each may do. */
export const ROLE_GRANTS: Record<"Administrador" | "Asesor" | "Técnico", Grants> = {
  Administrador: all(RESOURCES),
  Asesor: [
    ...crud("check_in"),
    ...crud("booking"),
    ["create", "booking_block"],
    ["read", "booking_block"],
    ...crud("crm"),
    ...crud("client"),
    ...crud("vehicle"),
    ...crud("payment"),
    ["read", "budget"],
    ["create", "budget"],
    ["update", "budget"],
    ["read", "event"],
    ["create", "event"],
    ["update", "event"],
    ["read", "work"],
    ["read", "analytics"],
  ],
  // A technician reads the orders he received or is assigned (his works are on them), his own bookings and the
  // CRM managements assigned to him or about his bookings.
  Técnico: [
    ["read", "check_in", true],
    ["read", "work", true],
    ["update", "work", true],
    ["read", "booking", true],
    ["read", "crm", true],
    ["update", "crm", true],
    ["read", "event"],
  ],
};

export interface CompanyFixture {
  companyId: number;
  userIds: Record<string, number>;
  locationIds: number[];
  clientIds: number[];
  vehicleIds: number[];
  /** The vehicle catalogue's brands (each with its models). */
  brandIds: number[];
  orderIds: number[];
  statusIds: Record<StatusType, number[]>;
  requirementIds: number[];
  roleIds: Record<string, number>;
  /** The year's company-wide holidays. */
  holidayIds: number[];
  /** Calendar events (seedCalendarDemo). */
  eventIds: number[];
  /** The agenda's demo bookings and the CRM case a client booking link opens (crmToken, in clear). */
  bookingIds: number[];
  crmId: number;
  crmToken: string;
  /** The CRM demo's managements (seedCrm; crmId not included) and the Crm::Booking statuses in order. */
  crmIds: number[];
  crmStatusIds: number[];
  externalMailIds: number[];
  /** Chats of the latest orders and their messages (seed/chat.ts). */
  chatIds: number[];
  chatCommentIds: number[];
  /** Orders with pictures worth naming in tests (seed/pictures.ts; Taller Demo only). */
  pictures: PicturesFixture | null;
  /** The WhatsApp demo's chats (seed/messaging.ts; Taller Demo only, null elsewhere). */
  whatsappOpenChatId: number | null;
  whatsappNoneChatId: number | null;
  /** The agenda's professionals (Técnico role), the demo's extra ones included. */
  professionalIds: number[];
  /** The demo budgets (seed/budgets.ts), with lines. */
  budgetIds: number[];
  /** The catalogue's products by code, its categories and warehouses (seedCatalogue; the first warehouse has stock). */
  productIds: Record<string, number>;
  categoryIds: number[];
  warehouseIds: number[];
  /** Required works, work instances (Orders), the demo kiosk device and its token (in clear). */
  customWorkIds: number[];
  workIds: number[];
  workpointDeviceId: number;
  workpointToken: string;
  /** The supplier demo: a supplier, a pricing and a buy order with their links' tokens (in clear). */
  provider: ProviderSeed;
  /** Payment requests (seed/payments.ts), oldest first: every third paid, some with a rejected attempt. */
  paymentIds: PaymentSeed["paymentIds"];
  paymentToken: PaymentSeed["paymentToken"];
  /** Invoicing drafts (seed/invoices.ts): a factura and a boleta, not sent. */
  invoiceIds: number[];
}

interface CompanySpec extends CompanyBaseSpec {
  /** The agenda: per professional (with extra professionals to create) or by capacity. */
  booking: { mode: "professional" | "capacity"; extraProfessionals: { email: string; name: string }[] };
  clients: number;
  vehicles: number;
  orders: number;
  /** Regular clients with a vehicle and older orders each (seed/history.ts). */
  historyClients: number;
  seed: number;
}

const DEFAULT_DAYS: DaysPreferences = DEFAULT_DAYS_PREFERENCES;

function preferences(): CompanyPreferences {
  return companyPreferencesSchema.parse({
    booking_type: "capacity",
    modules: [
      { key: "booking", name: "Agenda", visible: true },
      { key: "checkin", name: "Recepción", visible: true },
      { key: "order", name: "Órdenes de Trabajo", visible: true },
      { key: "pending_works", name: "Trabajos", visible: true },
      { key: "calendar", name: "Calendario", visible: true },
      { key: "budget", name: "Presupuestos", visible: true },
      { key: "analytic", name: "Reportes", visible: true },
      { key: "object", name: "Vehículos", visible: true },
      { key: "crm", name: "CRM", visible: true },
      { key: "inventory", name: "Inventario", visible: true },
      { key: "invoicing", name: "Facturación", visible: true },
      { key: "shares", name: "Compartidos", visible: false },
    ],
  });
}

export interface CompanyBase {
  companyId: number;
  userIds: Record<string, number>;
  locationIds: number[];
  statusIds: Record<StatusType, number[]>;
  requirementIds: number[];
  roleIds: Record<string, number>;
  /** The year's Chilean holidays (company-wide). */
  holidayIds: number[];
  models: { brandId: number; modelId: number }[];
  /** Item ids of the vehicles' "$$motor" list field, in MOTOR_TYPES order. */
  motorItemIds: number[];
}

export interface CompanyBaseSpec {
  name: string;
  domain: string;
  locations: string[];
  users: { email: string; name: string; role: keyof typeof ROLE_GRANTS }[];
}

/** Which order status may follow which, by position in ORDER_STATUSES: forward steps, rework, and cancelling. */
const ORDER_TRANSITIONS: [from: number, to: number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 2],
  [3, 4],
  [4, 5],
  ...[0, 1, 2, 3, 4].map((from): [number, number] => [from, 6]),
];

/** A company with everything but clients, vehicles and orders: the demo and the scale generator share it. */
export async function seedCompanyBase(
  db: Db,
  spec: CompanyBaseSpec,
  year: number,
  passwordHash: string,
): Promise<CompanyBase> {
  const [company] = await db
    .insert(companies)
    .values({ name: spec.name, domain: spec.domain, preferences: preferences(), daysPreferences: DEFAULT_DAYS })
    .returning({ id: companies.id });
  const companyId = present(company, "inserted company").id;

  const locationRows = await db
    .insert(locations)
    .values(spec.locations.map((name) => ({ companyId, name })))
    .returning({ id: locations.id });
  const holidayRows = await db
    .insert(holidays)
    .values(chileanHolidays(year).map((h) => ({ companyId, ...h })))
    .returning({ id: holidays.id });

  const statusIds = {} as Record<StatusType, number[]>;
  for (const [type, list] of [
    ["Order", ORDER_STATUSES.map(([name, color, finish]) => [name, color, finish, null] as const)],
    ["Budget", BUDGET_STATUSES.map(([name, color, finish]) => [name, color, finish, null] as const)],
    ["Crm::Booking", CRM_STATUSES],
  ] as const) {
    const rows = await db
      .insert(statuses)
      .values(
        list.map(([name, color, finish, crmCategory], position) => ({
          companyId,
          type,
          name,
          color,
          finish,
          position,
          // 'Anulado' is where orders.cancel moves an order.
          cancel: type === "Order" && name === "Anulado",
          // 'Aprobado' is the budget status the reports count as the client's acceptance.
          approve: type === "Budget" && name === "Aprobado",
          crmCategory,
        })),
      )
      .returning({ id: statuses.id });
    statusIds[type] = rows.map((row) => row.id);
  }
  await db.insert(statusTransitions).values(
    ORDER_TRANSITIONS.map(([from, to]) => ({
      companyId,
      fromStatusId: present(statusIds.Order[from], "order status"),
      toStatusId: present(statusIds.Order[to], "order status"),
    })),
  );
  const requirementRows = await db
    .insert(requirements)
    .values(REQUIREMENTS.map(([name, durationMinutes]) => ({ companyId, name, durationMinutes })))
    .returning({ id: requirements.id });

  const roleIds: Record<string, number> = {};
  for (const [name, grants] of Object.entries(ROLE_GRANTS)) {
    const [role] = await db.insert(roles).values({ companyId, name }).returning({ id: roles.id });
    const roleId = present(role, "inserted role").id;
    roleIds[name] = roleId;
    await db
      .insert(rolePermissions)
      .values(grants.map(([action, resource, own]) => ({ roleId, action, resource, restrictedToOwn: own ?? false })));
  }
  const userIds: Record<string, number> = {};
  for (const u of spec.users) {
    const [row] = await db
      .insert(users)
      .values({
        companyId,
        roleId: roleIds[u.role],
        name: u.name,
        email: u.email,
        passwordHash,
        phone: "+56 9 5555 0000",
      })
      .returning({ id: users.id });
    userIds[u.email] = present(row, "inserted user").id;
  }

  // The brands, then all their models: two statements (RETURNING gives the rows in the order of VALUES).
  const brandRows = await db
    .insert(brands)
    .values(Object.keys(BRANDS).map((name) => ({ companyId, name })))
    .returning({ id: brands.id });
  const modelRows = Object.values(BRANDS).flatMap((names, i) =>
    names.map((name) => ({ companyId, brandId: present(brandRows[i], "inserted brand").id, name })),
  );
  const modelIds = await db.insert(brandModels).values(modelRows).returning({ id: brandModels.id });
  const models = modelRows.map((m, i) => ({ brandId: m.brandId, modelId: present(modelIds[i], "inserted model").id }));

  const motorItemIds = MOTOR_TYPES.map((_, i) => i + 1);
  await db.insert(customFields).values([
    {
      companyId,
      entity: "Vehicle",
      key: "$$motor",
      name: "Motor",
      kind: "list",
      items: MOTOR_TYPES.map((name, i) => ({ id: present(motorItemIds[i], "motor item id"), name })),
      position: 0,
    },
    { companyId, entity: "Order", key: "$$siniestro", name: "N° Siniestro", kind: "text", position: 1 },
  ]);

  return {
    companyId,
    userIds,
    locationIds: locationRows.map((l) => l.id),
    statusIds,
    requirementIds: requirementRows.map((q) => q.id),
    roleIds,
    holidayIds: holidayRows.map((h) => h.id),
    models,
    motorItemIds,
  };
}

async function seedCompany(
  db: Db,
  spec: CompanySpec,
  year: number,
  { passwordHash, workpointCodeHash }: DemoHashes,
): Promise<CompanyFixture> {
  const r = createRandom(spec.seed);
  const base = await seedCompanyBase(db, spec, year, passwordHash);
  const { companyId, userIds, statusIds, locationIds, requirementIds } = base;

  const clientRows = await db
    .insert(clients)
    .values(Array.from({ length: spec.clients }, (_, i) => clientRow(r, companyId, i)))
    .returning({ id: clients.id });
  const vehicleRows = await db
    .insert(vehicles)
    .values(
      Array.from({ length: spec.vehicles }, (_, i) =>
        vehicleRow(r, base, year, i, present(clientRows[i % clientRows.length], "client").id),
      ),
    )
    .returning({ id: vehicles.id, clientId: vehicles.clientId });
  // Regular clients with older orders, numbered before the recent ones.
  const history = await seedHistory(db, base, {
    seed: spec.seed + 9,
    year,
    count: spec.historyClients,
    firstIndex: Math.max(spec.clients, spec.vehicles),
  });

  const advisors = Object.values(userIds);
  const claims = createRandom(spec.seed + 1);
  const now = Date.now();
  const orderValues = Array.from({ length: spec.orders }, (_, i) => {
    const vehicle = present(vehicleRows[i % vehicleRows.length], "vehicle");
    const daysAgo = Math.round(((spec.orders - i) / spec.orders) * 120);
    // Vehicles arrive during opening hours: 12:30 to 21:30 UTC is 08:30 to 17:30 (or 09:30 to 18:30) in Santiago.
    const day = new Date(now - daysAgo * 86400_000);
    const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12, 30) + r.int(0, 9 * 60) * 60_000;
    const checkIn = new Date(at > now ? at - 86400_000 : at);
    // Older orders are mostly finished; recent ones are in progress.
    const statusIndex = daysAgo > 20 ? (r.chance(0.9) ? 5 : 6) : r.int(0, 4);
    const finished = statusIndex >= 5;
    const finishDay = new Date(checkIn.getTime() + r.int(1, 7) * 86400_000).toISOString().slice(0, 10);
    return {
      companyId,
      correlativeId: history.orderIds.length + i + 1,
      statusId: present(statusIds.Order[statusIndex], "order status"),
      requirementId: r.pick(requirementIds),
      clientId: vehicle.clientId,
      vehicleId: vehicle.id,
      locationId: r.pick(locationIds),
      userId: r.pick(advisors),
      assigneeId: r.chance(0.7) ? r.pick(advisors) : null,
      checkInTime: checkIn,
      finishDate: r.chance(0.8) ? finishDay : null,
      completedAt: finished ? new Date(checkIn.getTime() + r.int(1, 6) * 86400_000) : null,
      endedAt: statusIndex === 5 ? new Date(checkIn.getTime() + r.int(2, 8) * 86400_000) : null,
      kms: r.int(5_000, 250_000),
      comment: r.pick(COMMENTS),
      from: r.pick(["recepción", "crm", "agenda"]),
      total: r.int(2, 90) * 10_000 + r.pick([0, 990, 4500]),
      recallData: r.chance(0.05) ? [{ campaign: "Airbag Takata", code: "R-2024-17" }] : [],
      // Insurance jobs carry the insurer's claim number (own random stream: the other values stay as they were).
      customFields: claims.chance(0.2) ? { $$siniestro: String(claims.int(1_000_000, 9_999_999)) } : {},
    };
  });
  // Numbers follow arrival, as at a front desk: the random hours of one day (and an hour still to come today, moved to
  // yesterday) would otherwise put a lower number after a higher one, so the list's first row, which e2e specs write
  // in, would depend on the time of day the demo was seeded. Each order keeps its own durations.
  const arrivals = orderValues.map((o) => o.checkInTime.getTime()).sort((a, b) => a - b);
  for (const [i, order] of orderValues.entries()) {
    const arrival = present(arrivals[i], "arrival");
    const shift = arrival - order.checkInTime.getTime();
    order.checkInTime = new Date(arrival);
    if (order.completedAt) order.completedAt = new Date(order.completedAt.getTime() + shift);
    if (order.endedAt) order.endedAt = new Date(order.endedAt.getTime() + shift);
  }
  const orderRows = await db.insert(orders).values(orderValues).returning({ id: orders.id });
  // Each order's history starts with the status it holds, at its check-in (as orders created by check-in do).
  await db.execute(
    sql`INSERT INTO order_status_logs (company_id, order_id, status_id, user_id, created_at)
        SELECT company_id, id, status_id, user_id, check_in_time FROM orders WHERE company_id = ${companyId}`,
  );

  const booking = await seedBookings(db, {
    companyId,
    domain: spec.domain,
    mode: spec.booking.mode,
    seed: spec.seed + 1,
    passwordHash,
    professionalRoleId: present(base.roleIds["Técnico"], "the Técnico role"),
    professionalUserIds: spec.users
      .filter((u) => u.role === "Técnico")
      .map((u) => present(userIds[u.email], "professional")),
    extraProfessionals: spec.booking.extraProfessionals,
    vehicles: vehicleRows.map((v) => ({ id: v.id, clientId: v.clientId })),
    orders: orderRows.map((o, i) => ({
      id: o.id,
      vehicleId: orderValues[i]?.vehicleId ?? null,
      clientId: orderValues[i]?.clientId ?? null,
    })),
    locationIds,
    requirementIds,
  });
  const catalogue = await seedCatalogue(db, companyId, requirementIds);
  const budgetIds = await seedBudgets(db, {
    companyId,
    seed: spec.seed + 5,
    orderIds: orderRows.map((o) => o.id),
    budgetStatusIds: statusIds.Budget,
    userIds: Object.values(userIds),
    products: catalogue.products,
  });

  const crm = await seedCrm(db, { companyId, seed: spec.seed + 2, userIds: Object.values(userIds) });
  const payments = await seedPayments(db, companyId, Math.min(24, orderRows.length));
  const invoiceIds = await seedInvoices(db, companyId, present(Object.values(userIds)[0], "user"));

  const technicians = spec.users
    .filter((u) => u.role === "Técnico")
    .map((u) => present(userIds[u.email], "technician"));
  const workSeed = await seedWorks(db, {
    companyId,
    domain: spec.domain,
    requirementIds,
    orderIds: orderRows.map((o) => o.id),
    workerIds: technicians.length ? technicians : [present(Object.values(userIds)[0], "user")],
    workpointCodeHash,
  });
  const provider = await seedProvider(db, {
    companyId,
    domain: spec.domain,
    orderId: present(orderRows.at(-1), "an order").id,
    requesterId: present(Object.values(userIds)[0], "user"),
    productIds: catalogue.productIds,
  });

  return {
    companyId,
    userIds,
    locationIds,
    clientIds: [...clientRows.map((c) => c.id), ...history.clientIds],
    vehicleIds: [...vehicleRows.map((v) => v.id), ...history.vehicleIds],
    brandIds: [...new Set(base.models.map((m) => m.brandId))],
    orderIds: [...history.orderIds, ...orderRows.map((o) => o.id)],
    statusIds,
    requirementIds,
    roleIds: base.roleIds,
    holidayIds: base.holidayIds,
    eventIds: [],
    chatIds: [],
    chatCommentIds: [],
    pictures: null,
    whatsappOpenChatId: null,
    whatsappNoneChatId: null,
    ...booking,
    productIds: catalogue.productIds,
    categoryIds: catalogue.categoryIds,
    warehouseIds: catalogue.warehouseIds,
    budgetIds,
    ...crm,
    ...workSeed,
    provider,
    ...payments,
    invoiceIds,
  };
}

export interface DemoFixtures {
  demo: CompanyFixture;
  other: CompanyFixture;
}

/** The demo users' password and the work-point code, hashed. */
interface DemoHashes {
  passwordHash: string;
  workpointCodeHash: string;
}

/**
 * DEMO_PASSWORD's and DEMO_WORKPOINT_CODE's argon2 hashes, made once rather than by every seed: both are published,
 * so a salt every demo shares hides nothing, and a fresh embedded start skips two argon2 runs (about 0.1 s).
 * db/test/demo-hashes.test.ts checks that they verify and carry hashPassword's parameters.
 */
export const DEMO_HASHES: DemoHashes = {
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$mOnEu+00vfL+RC73fB0xtA$Opr6OmVViclPHdBnzRTrHKZfFz4US7XvZ+Ozq0i+XJk",
  workpointCodeHash:
    "$argon2id$v=19$m=19456,t=2,p=1$TMDyFHzW3QpzraU2EQDXOA$YZ8ST7272Y4xeNawWp8oJl02VAntrACGnnZP29P4M6M",
};

/** Seeds "Taller Demo" and "Otro Taller" (the second one makes tenant isolation visible). */
export async function seedDemo(db: Db, opts: { year?: number } = {}): Promise<DemoFixtures> {
  const year = opts.year ?? new Date().getFullYear();
  const hashes = DEMO_HASHES;
  const demo = await seedCompany(
    db,
    {
      name: "Taller Demo",
      domain: "taller.demo",
      locations: ["Casa Matriz", "Sucursal Providencia"],
      users: [
        { email: "admin@taller.demo", name: "Ana Administradora", role: "Administrador" },
        { email: "asesor@taller.demo", name: "Andrés Asesor", role: "Asesor" },
        { email: "tecnico@taller.demo", name: "Tomás Técnico", role: "Técnico" },
      ],
      booking: {
        mode: "professional",
        extraProfessionals: [
          { email: "mecanica@taller.demo", name: "Marta Mecánica" },
          { email: "pintura@taller.demo", name: "Pablo Pintor" },
        ],
      },
      clients: 50,
      vehicles: 80,
      orders: 160,
      historyClients: 250,
      seed: 20261121,
    },
    year,
    hashes,
  );
  const other = await seedCompany(
    db,
    {
      name: "Otro Taller",
      domain: "otro.demo",
      locations: ["Taller Central"],
      users: [{ email: "admin@otro.demo", name: "Óscar Otro", role: "Administrador" }],
      booking: { mode: "capacity", extraProfessionals: [] },
      clients: 10,
      vehicles: 12,
      orders: 15,
      historyClients: 0,
      seed: 7,
    },
    year,
    hashes,
  );
  demo.eventIds = await seedCalendarDemo(db, demo);
  other.eventIds = await seedCalendarDemo(db, other);
  demo.pictures = await seedDemoPictures(db, demo.companyId, demo.orderIds, demo.budgetIds, 20261123);
  for (const company of [demo, other]) {
    Object.assign(company, await seedChatDemo(db, company.companyId, company.orderIds, Object.values(company.userIds)));
  }
  Object.assign(demo, await seedMessagingDemo(db, demo.companyId, demo.chatIds));
  // A platform operator for /manager/login. Its authenticator secret is as public as the demo password: add it to
  // an authenticator app by hand (base32) to log in to a demo. Real operators come from `pnpm manager:create-operator`.
  await db
    .insert(managerUsers)
    .values({
      email: DEMO_OPERATOR.email,
      name: "Operador Demo",
      passwordHash: hashes.passwordHash,
      totpSecret: DEMO_OPERATOR.totpSecret,
    })
    .onConflictDoNothing();
  return { demo, other };
}

/** Seeds the demo only into an empty database; returns whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return false;
  await seedDemo(db);
  return true;
}

// ---------------------------------------------------------------------------
// Calendar demo (the production and events calendar, @taller/calendar): kept in this one function.

/**
 * Makes the production calendar show every delivery state this month, and adds a few events (some attached to
 * orders). Only dates move: each order keeps its status (a delivered order is completed and ended, an open one has
 * only a finish date), so the lists' counts stay as the seed made them. The days hang on an anchor that is today,
 * or the 4th in a month's first days, so that the days before it are still in the month shown.
 */
async function seedCalendarDemo(db: Db, company: CompanyFixture): Promise<number[]> {
  const today = todayIn();
  const anchor = Number(today.slice(8, 10)) >= 4 ? today : `${today.slice(0, 8)}04`;
  const day = (n: number) => addDays(anchor, n);
  const at = (n: number, time: string) => new Date(zonedInstant(day(n), time));
  const ofStatus = (index: number, limit: number) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, company.companyId),
          eq(orders.statusId, present(company.statusIds.Order[index], "order status")),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(limit);
  const delivered = (await ofStatus(5, 5)).map((o) => o.id);
  const open = (await ofStatus(2, 2)).map((o) => o.id);
  const dates: [id: number | undefined, values: Partial<typeof orders.$inferInsert>][] = [
    // Finalizado a tiempo, Finalizado atrasado, Finalizado antes, Finalizado (no finish date), Entregado (only ended).
    [delivered[0], { finishDate: day(-1), completedAt: at(-1, "16:30"), endedAt: at(0, "10:00") }],
    [delivered[1], { finishDate: day(-3), completedAt: at(-2, "11:00"), endedAt: at(-1, "12:00") }],
    [delivered[2], { finishDate: day(2), completedAt: at(-1, "15:00"), endedAt: at(0, "09:30") }],
    [delivered[3], { finishDate: null, completedAt: at(-2, "12:00"), endedAt: at(-1, "18:00") }],
    [delivered[4], { finishDate: null, completedAt: null, endedAt: at(-1, "17:00") }],
    // Finalización agendada.
    [open[0], { finishDate: day(1), completedAt: null, endedAt: null }],
    [open[1], { finishDate: day(0), completedAt: null, endedAt: null }],
  ];
  for (const [id, values] of dates) if (id !== undefined) await db.update(orders).set(values).where(eq(orders.id, id));

  const createdBy = Object.values(company.userIds)[0] ?? null;
  const rows = await db
    .insert(events)
    .values(
      [
        { name: "Capacitación de frenos", startAt: at(0, "09:00"), durationMinutes: 120, allDay: false, orderId: null },
        {
          name: "Visita proveedor de repuestos",
          startAt: at(1, "11:30"),
          durationMinutes: 60,
          allDay: false,
          orderId: null,
        },
        { name: "Inventario mensual", startAt: at(2, "00:00"), durationMinutes: 24 * 60, allDay: true, orderId: null },
        {
          name: "Prueba de ruta",
          startAt: at(0, "15:00"),
          durationMinutes: 90,
          allDay: false,
          orderId: open[0] ?? null,
        },
        {
          name: "Entrega con el cliente",
          startAt: at(-1, "17:00"),
          durationMinutes: 60,
          allDay: false,
          orderId: delivered[0] ?? null,
        },
      ].map((e) => ({ ...e, companyId: company.companyId, createdBy })),
    )
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}
