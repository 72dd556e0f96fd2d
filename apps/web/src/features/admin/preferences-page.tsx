/**
 * /admin/preferences: the company's preferences. Its logo (logo-card.tsx, saved on its own), the agenda (booking per
 * professional or by capacity, the slot interval, bookings at once, opening hours per weekday), the client booking
 * add-on (which sites may frame it, its background colour), the work-point kiosk's inactivity logout, the company's
 * terms (what it calls vehicles, clients, orders and the CRM) and the side menu (which modules, named how, in which
 * order). Saved at once; open shells of the company refetch their setup on `company.setup_changed`, and the add-on's
 * framing rules are read per request, so nothing waits for a restart.
 */
import type { UpdatePreferences } from "@taller/core";
import { guessGender, MODULE_KEYS, termWords, WEEKDAYS } from "@taller/core";
import { ArrowDown, ArrowUp, SlidersHorizontal } from "lucide-react";
import { type FormEvent, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { ApiProvider, trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Card } from "../../ui/card";
import { Checkbox } from "../../ui/checkbox";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { Spinner } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { configuredModules, moduleTerm } from "../shell";
import { AdminFrame } from "./admin-frame";
import { firstError, formError } from "./setup-editing";
import { ColorField } from "./color-field";
import { LogoCard } from "./logo-card";
import "./admin.css";

type Terms = UpdatePreferences["terms"];
type Modules = UpdatePreferences["modules"];

const WEEKDAY_NAMES = {
  "1": "Lunes",
  "2": "Martes",
  "3": "Miércoles",
  "4": "Jueves",
  "5": "Viernes",
  "6": "Sábado",
  "7": "Domingo",
} as const;
// eslint-disable-next-line taller/fixed-term -- the names of the term settings themselves, before the company's words
const TERM_NAMES: Record<keyof Terms, string> = { object: "Objeto", client: "Cliente", order: "Orden", crm: "CRM" };
// Shown with the words that agree with each, so the choice needs no grammar lesson.
const genders = [
  { value: "m" as const, label: "Masculino (el, este, nuevo)" },
  { value: "f" as const, label: "Femenino (la, esta, nueva)" },
];
const bookingTypes = [
  { value: "professional" as const, label: "Por profesional" },
  { value: "capacity" as const, label: "Por capacidad" },
];

/** Every module in the menu's order: the configured ones, then the others hidden under their default names. */
function editableModules(modules: Modules, terms: Terms): Modules {
  const configured = configuredModules({ modules, terms });
  const defaults = configuredModules({ modules: [], terms });
  const missing = MODULE_KEYS.filter((k) => !configured.some((m) => m.key === k));
  return [...configured, ...defaults.filter((m) => missing.includes(m.key)).map((m) => ({ ...m, visible: false }))];
}

export function AdminPreferencesPage() {
  return (
    <ApiProvider>
      <PreferencesAdmin />
    </ApiProvider>
  );
}

function PreferencesAdmin() {
  const current = trpc.admin.preferences.get.useQuery();
  if (current.isPending)
    return (
      <AdminFrame title="Preferencias" icon={<SlidersHorizontal size={22} aria-hidden />}>
        <Spinner label="Cargando…" />
      </AdminFrame>
    );
  if (current.isError)
    return (
      <AdminFrame title="Preferencias" icon={<SlidersHorizontal size={22} aria-hidden />}>
        <QueryFailed query={current} what="las preferencias" />
      </AdminFrame>
    );
  return (
    <PreferencesForm
      initial={{ ...current.data, modules: editableModules(current.data.modules, current.data.terms) }}
    />
  );
}

function PreferencesForm({ initial }: { initial: UpdatePreferences }) {
  const [prefs, setPrefs] = useState(initial);
  // Number inputs keep their text until saved, so typing is not fought by Number().
  const [numbers, setNumbers] = useState({
    time_interval: String(initial.days_preferences.time_interval),
    max_bookings: String(initial.days_preferences.max_bookings),
    workpoint_logout_time: String(initial.workpoint_logout_time),
  });
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const save = trpc.admin.preferences.update.useMutation({
    onSuccess: async () => {
      snackbar.show("Preferencias guardadas", { tone: "success", duration: 2000 });
      await utils.admin.preferences.get.invalidate();
    },
    onError: (error) => {
      snackbar.show(formError(error) ?? "Revisa los campos marcados", { tone: "error" });
    },
  });
  const err = (path: string) => firstError(save.error, path);
  const days = prefs.days_preferences;
  const setDay = (day: (typeof WEEKDAYS)[number], change: Partial<(typeof days.days)["1"]>) =>
    setPrefs((p) => {
      const before = p.days_preferences.days[day] ?? { enabled: false, start_time: "09:00", end_time: "18:00" };
      return {
        ...p,
        days_preferences: {
          ...p.days_preferences,
          days: { ...p.days_preferences.days, [day]: { ...before, ...change } },
        },
      };
    });
  const setTerm = (key: keyof Terms, form: "singular" | "plural" | "gender", value: string) =>
    setPrefs((p) => {
      // A new word brings its likely gender ('Bicicleta': femenino); the select beside it corrects a wrong guess.
      const change = form === "singular" ? { singular: value, gender: guessGender(value) } : { [form]: value };
      return { ...p, terms: { ...p.terms, [key]: { ...p.terms[key], ...change } } };
    });
  const setModule = (index: number, change: Partial<Modules[number]>) =>
    setPrefs((p) => ({ ...p, modules: p.modules.map((m, i) => (i === index ? { ...m, ...change } : m)) }));
  const moveModule = (index: number, by: -1 | 1) =>
    setPrefs((p) => {
      const modules = [...p.modules];
      const [moved] = modules.splice(index, 1);
      if (moved) modules.splice(index + by, 0, moved);
      return { ...p, modules };
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate({
      ...prefs,
      // Modules named after a term are stored under it, as the menu shows them.
      modules: configuredModules(prefs),
      workpoint_logout_time: Number(numbers.workpoint_logout_time),
      days_preferences: {
        ...days,
        time_interval: Number(numbers.time_interval),
        max_bookings: Number(numbers.max_bookings),
      },
    });
  }

  return (
    <AdminFrame title="Preferencias" icon={<SlidersHorizontal size={22} aria-hidden />}>
      <LogoCard />
      <form onSubmit={submit} noValidate className="admin-form" aria-label="Preferencias">
        <Card title="Agenda">
          <div className="admin-form">
            <Select
              label="Tipo de agenda"
              value={prefs.booking_type}
              onValueChange={(v) => setPrefs((p) => ({ ...p, booking_type: v }))}
              options={bookingTypes}
            />
            <TextField
              label="Intervalo entre horas (minutos)"
              inputMode="numeric"
              value={numbers.time_interval}
              onChange={(e) => setNumbers((n) => ({ ...n, time_interval: e.target.value }))}
              error={err("days_preferences.time_interval")}
            />
            <TextField
              label="Agendamientos simultáneos"
              inputMode="numeric"
              value={numbers.max_bookings}
              onChange={(e) => setNumbers((n) => ({ ...n, max_bookings: e.target.value }))}
              error={err("days_preferences.max_bookings")}
            />
            <fieldset className="admin-fieldset admin-days">
              <legend>Horario de atención</legend>
              {WEEKDAYS.map((d) => {
                const hours = days.days[d] ?? { enabled: false, start_time: "09:00", end_time: "18:00" };
                return (
                  <div key={d} className="admin-day">
                    <Checkbox
                      label={WEEKDAY_NAMES[d]}
                      checked={hours.enabled}
                      onCheckedChange={(enabled) => setDay(d, { enabled })}
                    />
                    <TextField
                      label="Desde"
                      type="time"
                      value={hours.start_time}
                      disabled={!hours.enabled}
                      onChange={(e) => setDay(d, { start_time: e.target.value })}
                      error={err(`days_preferences.days.${d}.start_time`)}
                    />
                    <TextField
                      label="Hasta"
                      type="time"
                      value={hours.end_time}
                      disabled={!hours.enabled}
                      onChange={(e) => setDay(d, { end_time: e.target.value })}
                      error={err(`days_preferences.days.${d}.end_time`)}
                    />
                  </div>
                );
              })}
            </fieldset>
          </div>
        </Card>
        <Card title="Agendamiento en línea">
          <div className="admin-form">
            <TextField
              label="Dominios permitidos"
              hint="Sitios que pueden mostrar la página de agendamiento, separados por espacios (ej. https://www.mitaller.cl *.mitaller.cl)"
              value={prefs.booking_addon.allowed_domains}
              onChange={(e) =>
                setPrefs((p) => ({ ...p, booking_addon: { ...p.booking_addon, allowed_domains: e.target.value } }))
              }
              error={err("booking_addon.allowed_domains")}
            />
            <ColorField
              label="Color de fondo"
              value={prefs.booking_addon.background_color}
              onChange={(background_color) =>
                setPrefs((p) => ({ ...p, booking_addon: { ...p.booking_addon, background_color } }))
              }
              error={err("booking_addon.background_color")}
            />
          </div>
        </Card>
        <Card title="Punto de trabajo">
          <TextField
            label="Cierre de sesión por inactividad (segundos, 0: nunca)"
            inputMode="numeric"
            value={numbers.workpoint_logout_time}
            onChange={(e) => setNumbers((n) => ({ ...n, workpoint_logout_time: e.target.value }))}
            error={err("workpoint_logout_time")}
          />
        </Card>
        <Card title="Inventario">
          <Checkbox
            label="Permitir stock negativo"
            checked={prefs.allow_negative_stock ?? false}
            onCheckedChange={(allow_negative_stock) => setPrefs((p) => ({ ...p, allow_negative_stock }))}
          />
          <p className="muted">Un consumo puede registrarse antes de que llegue la recepción que lo cubre.</p>
        </Card>
        <Card title="Términos">
          <div className="admin-terms">
            {(Object.keys(TERM_NAMES) as (keyof Terms)[]).map((key) => (
              <div key={key} className="admin-term">
                <TextField
                  label={`${TERM_NAMES[key]} (singular)`}
                  value={prefs.terms[key].singular}
                  maxLength={40}
                  onChange={(e) => setTerm(key, "singular", e.target.value)}
                  error={err(`terms.${key}.singular`)}
                />
                <TextField
                  label={`${TERM_NAMES[key]} (plural)`}
                  value={prefs.terms[key].plural}
                  maxLength={40}
                  onChange={(e) => setTerm(key, "plural", e.target.value)}
                  error={err(`terms.${key}.plural`)}
                />
                <Select
                  label={`${TERM_NAMES[key]} (género)`}
                  value={termWords(prefs.terms[key]).gender}
                  onValueChange={(v) => setTerm(key, "gender", v)}
                  options={genders}
                  error={err(`terms.${key}.gender`)}
                />
              </div>
            ))}
          </div>
        </Card>
        <Card title="Menú lateral">
          <ul className="admin-modules" aria-label="Módulos del menú">
            {configuredModules(prefs).map((m, i) => (
              <li key={m.key}>
                <Checkbox
                  label={`Mostrar ${m.name || m.key}`}
                  checked={m.visible}
                  onCheckedChange={(visible) => setModule(i, { visible })}
                />
                {moduleTerm(m.key) ? (
                  <TextField label="Nombre" value={m.name} readOnly hint="Es el término de la empresa (arriba)" />
                ) : (
                  <TextField
                    label="Nombre"
                    value={m.name}
                    maxLength={40}
                    onChange={(e) => setModule(i, { name: e.target.value })}
                    error={err(`modules.${i}.name`)}
                  />
                )}
                <IconButton label={`Subir ${m.name}`} disabled={i === 0} onClick={() => moveModule(i, -1)}>
                  <ArrowUp size={16} />
                </IconButton>
                <IconButton
                  label={`Bajar ${m.name}`}
                  disabled={i === prefs.modules.length - 1}
                  onClick={() => moveModule(i, 1)}
                >
                  <ArrowDown size={16} />
                </IconButton>
              </li>
            ))}
          </ul>
        </Card>
        <FormFooter saving={save.isPending} submitLabel="Guardar preferencias" />
      </form>
    </AdminFrame>
  );
}
