/**
 * /admin/holidays: the company's holidays by year (read manager). An administrator adds one (date, name, and
 * optionally the one location it closes) or deletes one; the agenda locks that day at once (its booking search and
 * month and day views read holidays, and open agendas refetch on `company.setup_changed`).
 */
import { formatDay, todayIn } from "@taller/core";
import { CalendarOff, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { useSetupChanged } from "../../lib/setup-events";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Card } from "../../ui/card";
import { IconButton } from "../../ui/icon-button";
import { AdminFrame } from "./admin-frame";
import { AdminList } from "./admin-list";
import { ConfirmDelete } from "./setup-forms";

// The add form (react-hook-form) loads right after the page has painted: the list shows without waiting for it.
const AddHoliday = lazyPart(() => import("./add-holiday").then((m) => m.AddHoliday));

export function AdminHolidaysPage() {
  return (
    <ApiProvider>
      <HolidaysAdmin />
    </ApiProvider>
  );
}

function HolidaysAdmin() {
  const [year, setYear] = useState(() => Number(todayIn().slice(0, 4)));
  const holidays = trpc.admin.holidays.list.useQuery({ year });
  const locations = trpc.admin.locations.list.useQuery();
  const utils = trpc.useUtils();
  const remove = trpc.admin.holidays.remove.useMutation();
  useSetupChanged((what) => {
    if (what === "holidays") void utils.admin.holidays.list.invalidate();
    if (what === "locations") void utils.admin.locations.list.invalidate();
  });

  return (
    <AdminFrame title="Feriados" icon={<CalendarOff size={22} aria-hidden />}>
      <Card title="Agregar feriado">
        <AddHoliday locations={locations.data ?? []} onAdded={(date) => setYear(Number(date.slice(0, 4)))} />
      </Card>
      <Card title={`Feriados ${year}`}>
        <div className="admin-year">
          <IconButton label="Año anterior" onClick={() => setYear((y) => y - 1)} disabled={year <= 2000}>
            <ChevronLeft size={18} />
          </IconButton>
          <span>{year}</span>
          <IconButton label="Año siguiente" onClick={() => setYear((y) => y + 1)} disabled={year >= 2199}>
            <ChevronRight size={18} />
          </IconButton>
        </div>
        <AdminList
          query={holidays}
          what="los feriados"
          headers={["Fecha", "Feriado"]}
          empty={`No hay feriados en ${year}.`}
        >
          {(rows) =>
            rows.map((h) => (
              <tr key={h.id}>
                <td>{formatDay(h.date)}</td>
                <td>
                  {h.name}
                  <br />
                  <small>{h.location_name ?? "Todos los locales"}</small>
                </td>
                <td>
                  <ConfirmDelete
                    iconOnly
                    what={`el feriado ${h.name} (${formatDay(h.date)})`}
                    onConfirm={async () => {
                      await remove.mutateAsync({ id: h.id });
                      await utils.admin.holidays.list.invalidate();
                    }}
                  />
                </td>
              </tr>
            ))
          }
        </AdminList>
      </Card>
    </AdminFrame>
  );
}
