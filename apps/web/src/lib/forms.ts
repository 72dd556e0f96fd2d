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
import { useEffect, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { loadFailureText } from "./load-failure";
import { LoadFailure, retryingLoader } from "./retrying-loader";

type Schema = z.ZodType<FieldValues, FieldValues>;

/** The resolver's module (it brings zod): loaded with the first form that validates, once. */
const resolveModule = retryingLoader(() => import("./zod-resolve"));

export function useZodForm<S extends Schema>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const [load] = useState(() => () => Promise.resolve(schema));
  return useLazyZodForm(load, defaultValues);
}

/**
 * A form whose schema is loaded when it first validates (and right after the screen's first paint), not with the
 * screen: a form on a screen's first paint then keeps zod out of its first load. A schema whose code did not arrive
 * is the form's own message ('Reintentar' is sending again), never a silent button.
 */
export function useLazyZodForm<S extends Schema>(load: () => Promise<S>, defaultValues: DefaultValues<z.input<S>>) {
  const [schema] = useState(() => retryingLoader(async () => (await resolveModule.load()).zodResolve(await load())));
  useEffect(() => void schema.load().catch(() => schema.forget()), [schema]);
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) => {
    try {
      const resolve = await schema.load();
      return await resolve(values, context, options);
    } catch (error) {
      schema.forget();
      resolveModule.forget();
      if (error instanceof LoadFailure) {
        // The form's own message (FormFooter shows `root.server`); TypeScript cannot see `root` in a generic form.
        const errors = { root: { server: { type: "load", message: FORM_CODE_FAILED } } };
        return { values: {}, errors: errors as unknown as FieldErrors<z.input<S>> };
      }
      throw error;
    }
  };
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues });
}

/** What a form says when the code that checks it did not arrive (offline, a new version replaced it). */
const FORM_CODE_FAILED = loadFailureText("el formulario", { code: null, message: "" });

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
