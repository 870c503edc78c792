import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api/api-error';

/**
 * The one way a form with more than one field is built: react-hook-form over the contract schema the service
 * parses the body with, so the browser and the service give the same Danish messages. Inputs keep what the user
 * typed (`z.input`); `handleSubmit` hands over what the schema made of it (`z.output`).
 *
 *   const form = useContractForm(bankDetailsSchema, { defaultValues });
 *   <Field label="Kontonummer" {...form.register('accountNumber')} error={fieldError(form, 'accountNumber')} />
 */
export function useContractForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}

/** The message to show under a field (Field's `error`), or null. */
export function fieldError<Values extends FieldValues>(form: Pick<UseFormReturn<Values, unknown, unknown>, 'formState'>, name: Path<Values>): string | null {
  let node: unknown = form.formState.errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * Puts the service's field errors (a 400 with `fields`) on the form's own fields and answers whether any landed;
 * fields the form does not have are left to the caller's form-level message.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  const known = form.getValues() as Record<string, unknown>;
  let landed = false;
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const top = field.split('.')[0];
    if (!(top in known)) continue;
    form.setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: !landed });
    landed = true;
  }
  return landed;
}
