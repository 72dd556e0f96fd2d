// The holidays page's add form (holidays-page.tsx loads it after the page has painted).
import { createHolidaySchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { dateField, textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { DateField } from "../../ui/date-field";
import { FormFooter } from "../../ui/form-footer";
import { TextField } from "../../ui/text-field";
import { IdField } from "./id-field";

export function AddHoliday({
  locations,
  onAdded,
}: {
  locations: readonly { id: number; name: string }[];
  onAdded: (date: string) => void;
}) {
  const form = useZodForm(createHolidaySchema, { date: "", name: "", location_id: null });
  const create = trpc.admin.holidays.create.useMutation();
  const utils = trpc.useUtils();
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      await utils.admin.holidays.list.invalidate();
      form.reset({ date: "", name: "", location_id: values.location_id });
      onAdded(values.date);
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="admin-form">
      <DateField label="Fecha" {...dateField(form, "date")} />
      <TextField label="Nombre" autoComplete="off" {...textField(form, "name")} />
      <IdField
        control={form.control}
        name="location_id"
        label="Local"
        noneLabel="Todos los locales"
        options={locations}
      />
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={create.isPending}
        submitLabel="Agregar feriado"
      />
    </form>
  );
}
