/** A professional as the booking form and the agenda's columns show one (seed 000 'Professional', seed 001 'Professional/user'). */
export interface Professional {
  id: number;
  name: string;
  picture: string | null;
  role: { id: number; name: string } | null;
  online: boolean;
  work_user_specialities: { enable: boolean; speciality_id: number }[];
  block_hours: { day: number; enabled: boolean; start_time: string; end_time: string }[];
}
