/**
 * Forms: react-hook-form, validated in the browser with the server's own zod schema (from @taller/core), and the
 * server's field errors marked on the same fields (markServerErrors in form-errors.ts).
 *
 *   const form = useZodForm(changePasswordSchema, { old_password: "", password: "" });
 *   const submit = form.handleSubmit(async (values) => {
 *     try { await change.mutateAsync(values); } catch (error) { markServerErrors(form, error); }
 *   });
 *   <form onSubmit={submit} noValidate><TextField label="Contraseña" {...textField(form, "password")} />…</form>
 *
 * A new field is one entry in the schema, one in the default values and one <TextField>.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { inSpanish } from "./zod-spanish";

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  inSpanish();
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
}

/** A TextField's props for one field: the registered input and its message. */
export function textField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: Path<T>) {
  const error = form.getFieldState(name, form.formState).error;
  return { ...form.register(name), error: error?.message };
}

/** A numeric TextField's props: an empty input is null, anything else a number for the schema to check. */
export function numberField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: Path<T>) {
  const error = form.getFieldState(name, form.formState).error;
  return {
    ...form.register(name, { setValueAs: (v: unknown) => (v === "" || v == null ? null : Number(v)) }),
    inputMode: "numeric" as const,
    error: error?.message,
  };
}

/**
 * A DateField's props for one field: the day kept in the form ('YYYY-MM-DD', or the text typed so far, which the
 * schema refuses), and its message; validated again on each change once the form was submitted.
 */
export function dateField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: Path<T>) {
  const error = form.getFieldState(name, form.formState).error;
  return {
    name,
    value: String(form.watch(name) ?? ""),
    onChange: (value: string) =>
      form.setValue(name, value as PathValue<T, Path<T>>, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      }),
    error: error?.message,
  };
}

/**
 * The first thing `values` lack for `schema`, as the schema's own message (null when they fit): what a submit
 * button disabled until the form is complete says beside it (Button's `disabledReason`).
 */
export function missingFor(schema: z.ZodType, values: unknown): string | null {
  inSpanish();
  const parsed = schema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
