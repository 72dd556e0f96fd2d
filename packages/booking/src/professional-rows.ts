import { intArray, queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";

/**
 * A professional as the booking form and the agenda's columns show one (seed 000 'Professional', seed 001
 * 'Professional/user').
 */
export interface Professional {
  id: number;
  name: string;
  picture: string | null;
  role: { id: number; name: string } | null;
  online: boolean;
  work_user_specialities: { enable: boolean; speciality_id: number }[];
  block_hours: { day: number; enabled: boolean; start_time: string; end_time: string }[];
}

/** These professionals (ids from loadBookingSetup, in its order) with their role, specialities and block hours. */
export async function readProfessionals(db: Db, companyId: number, ids: readonly number[]): Promise<Professional[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Omit<Professional, "role"> & { role_id: number | null; role_name: string | null }>(
    db,
    sql`SELECT u.id, u.name, u.picture, u.online, r.id AS role_id, r.name AS role_name,
               coalesce((SELECT json_agg(json_build_object('enable', us.enable, 'speciality_id', us.speciality_id) ORDER BY us.speciality_id)
                         FROM user_specialities us WHERE us.company_id = u.company_id AND us.user_id = u.id), '[]') AS work_user_specialities,
               coalesce((SELECT json_agg(json_build_object('day', bh.day, 'enabled', bh.enabled,
                                                           'start_time', to_char(bh.start_time, 'HH24:MI'), 'end_time', to_char(bh.end_time, 'HH24:MI'))
                                         ORDER BY bh.day, bh.start_time)
                         FROM block_hours bh WHERE bh.company_id = u.company_id AND bh.user_id = u.id), '[]') AS block_hours
        FROM users u LEFT JOIN roles r ON r.company_id = u.company_id AND r.id = u.role_id
        WHERE u.company_id = ${companyId} AND u.id = ANY(${intArray(ids)})`,
  );
  const byId = new Map(
    rows.map(({ role_id, role_name, ...p }) => [
      p.id,
      { ...p, role: role_id === null || role_name === null ? null : { id: role_id, name: role_name } },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
