/**
 * What the vehicles list's check-in cell opens when there is no order to show (seed 000 section 2.8): the vehicle's
 * booking, or a new booking for it. The agenda and its booking form come with the booking issue; until then this
 * shows what the list knows and says plainly that the rest is coming.
 */
import { formatDay, titleCase } from "@taller/core";
import { CalendarClock } from "lucide-react";
import { useCompanySetup } from "../../lib/company-setup";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import type { VehicleListItem } from "./vehicle-rows";

export function BookingDialog({ vehicle, open, onOpenChange }: { vehicle: VehicleListItem; open: boolean; onOpenChange(open: boolean): void }) {
  const { terms } = useCompanySetup().company.preferences;
  const booked = vehicle.booking_id !== null || vehicle.order_id !== null;
  const rows: [string, string | null][] = [
    [
      terms.object.singular,
      [vehicle.identifier, [vehicle.brand_name, vehicle.brand_model_name].filter(Boolean).join(" ")].filter(Boolean).join(" · "),
    ],
    [terms.client.singular, vehicle.client_name ? titleCase(vehicle.client_name) : "Sin Cliente"],
    ...(booked
      ? ([
          ["Fecha", vehicle.booking_date && formatDay(vehicle.booking_date)],
          ["Hora", vehicle.booking_time],
          ["Requerimiento", vehicle.requirement_name],
        ] as [string, string | null][])
      : []),
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={booked && vehicle.booking_date ? `Agendado para el ${formatDay(vehicle.booking_date)}` : "Agendar Vehículo"}
      width={520}
      actions={<Button onClick={() => onOpenChange(false)}>Cerrar</Button>}
    >
      <dl className="booking-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "-"}</dd>
          </div>
        ))}
      </dl>
      <p className="coming-soon-note">
        <CalendarClock size={20} aria-hidden />
        <span>
          <strong>Próximamente</strong>
          {booked
            ? " podrás ver y modificar esta reserva en la agenda."
            : ` podrás agendar este ${terms.object.singular.toLowerCase()} desde aquí, con sus datos ya completados.`}
        </span>
      </p>
    </Dialog>
  );
}
