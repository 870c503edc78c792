import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api/api-error';
import { useSessionDraft } from '../hooks/use-session-draft';

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

type TextValues = Record<string, string>;

/** A stored draft's text fields over `defaults`; anything not one of the form's text fields is ignored. */
function withDraft<Values extends TextValues>(defaults: Values, draftText: string): Values {
  if (!draftText) return defaults;
  try {
    const draft = JSON.parse(draftText) as Record<string, unknown>;
    const merged: TextValues = { ...defaults };
    for (const key of Object.keys(defaults)) if (typeof draft[key] === 'string') merged[key] = draft[key];
    return merged as Values;
  } catch {
    return defaults;
  }
}

/**
 * `useContractForm` for a form of text fields whose typed values are a draft in this tab's sessionStorage (under
 * `draftKey`, which names the user) until `clearDraft()` after a save: a reload, or a session that ran out meanwhile
 * (the page asks to log in again), does not lose them. Mount it anew (a React `key`) when the key changes.
 */
export function useDraftedContractForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  draftKey: string,
  defaults: z.input<Schema> & TextValues,
): { form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>; clearDraft: () => void } {
  const [draftText, setDraftText, clearDraft] = useSessionDraft(draftKey);
  const [initial] = useState(() => withDraft(defaults, draftText));
  const form = useContractForm(schema, { defaultValues: initial as DefaultValues<z.input<Schema>> });
  useEffect(() => {
    const subscription = form.watch((values) => setDraftText(JSON.stringify(values)));
    return () => subscription.unsubscribe();
  }, [form, setDraftText]);
  return { form, clearDraft };
}
