import type { Category } from "./crm-rules";

/** A retention or absence as its list shows it (seed 001 'Retention and absence list row'). */
export interface ManagementRow {
  id: number;
  correlative_id: number;
  category: Category;
  on_hold: boolean;
  created_at: string;
  scheduled_for: string | null;
  reschedule_to: string | null;
  check_in_time: string | null;
  rut: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  object_brand_name: string | null;
  object_brand_model_name: string | null;
  object_identifier: string | null;
  object_vin: string | null;
  color: string | null;
  object_custom_fields: Record<string, unknown> | null;
  requirement_name: string | null;
  to_requirement_name: string | null;
  location_name: string | null;
  last_contacted_at: string | null;
  booking_id: number | null;
  order_id: number | null;
  client_id: number | null;
}

type Named = { id: number; name: string } | null;

/** One management as its detail shows it (seed 001 'Crm (management)'). */
export interface Management {
  id: number;
  correlative_id: number;
  kind: "retention" | "absence";
  category: Category;
  status: { id: number; name: string; color: string; completed: boolean; failed: boolean; booked: boolean } | null;
  on_hold: boolean;
  client: { id: number; name: string; rut: string | null; email: string | null; phone: string | null; address: string | null; city: string | null; rating: number } | null;
  object: { id: number; identifier: string; brand: string | null; brand_model: string | null; chasis: string | null; color: string | null; kms: number | null; custom_fields: Record<string, unknown> | null } | null;
  requirement: Named;
  from_requirement: Named;
  location: Named;
  user: { name: string; phone: string | null } | null;
  generated_by: Named;
  created_at: string;
  updated_at: string;
  comment: string | null;
  estimated_amount: number;
  booking: { id: number; booking_date: string; booking_time: string; created_at: string; completed_at: string | null; checked_in: boolean; comment: string | null } | null;
  last_order: { id: number; correlative_id: number; requirement: Named; finish_date: string | null; completed_at: string | null; comment: string | null } | null;
  works: { id: number; name: string }[] | null;
}

/** A client in the clients list (seed 001 'Client list row'). */
export interface ClientRow {
  id: number;
  rut: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  last_order_date: string | null;
  rating: number;
}
