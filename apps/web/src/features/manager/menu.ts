/**
 * The operator area's side menu (seed 002 section 2.7): one group, 'Administración'. A new child screen is one entry
 * here plus its route in routes/router.tsx (`managerPages`).
 */
import { Database, type LucideIcon, MessageCircle } from "lucide-react";

export interface ManagerMenuEntry {
  label: string;
  to: "/manager/main/database" | "/manager/main/whatsapp";
  icon: LucideIcon;
}

export const MANAGER_MENU: { group: string; entries: ManagerMenuEntry[] } = {
  group: "Administración",
  entries: [
    { label: "Bases de datos", to: "/manager/main/database", icon: Database },
    { label: "WhatsApp", to: "/manager/main/whatsapp", icon: MessageCircle },
  ],
};
