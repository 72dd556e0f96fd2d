// The one-field name form of the roles and locations pages (setup-forms.tsx loads it after the page has painted).
import type { z } from "zod";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";

type NameSchema = z.ZodObject<{ name: z.ZodString }>;

export function NameForm({
  schema,
  label,
  submitLabel,
  name = "",
  onSubmit,
}: {
  schema: NameSchema;
  label: string;
  submitLabel: string;
  /** The current name when renaming; a create form starts empty and empties again once saved. */
  name?: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const form = useZodForm(schema, { name });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.name);
      form.reset({ name: name ? values.name : "" });
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="admin-inline-form">
      <TextField label={label} autoComplete="off" {...textField(form, "name")} />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
      {form.formState.errors.root?.server && <p role="alert">{form.formState.errors.root.server.message}</p>}
    </form>
  );
}
