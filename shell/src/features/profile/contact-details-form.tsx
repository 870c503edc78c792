import { useEffect, useState, type FormEvent } from 'react';
import { messages, profileUpdateBodySchema } from '@fragtbud/contracts';
import { Button, Field, fieldErrorsFromZod, isApiError, useSessionDraft, type User } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';
import { useSaveProfile } from './api/save-profile';

interface ContactDraft {
  name: string;
  phone: string;
}

function parseDraft(text: string): ContactDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<ContactDraft>;
    return typeof draft.name === 'string' && typeof draft.phone === 'string' ? { name: draft.name, phone: draft.phone } : null;
  } catch {
    return null;
  }
}

/**
 * The user's own name and contact phone (PUT /users/profile); for every role, no approval needed (spec section 7).
 * What was typed is kept as a draft in sessionStorage until it is saved, so a session that ran out meanwhile (the
 * page asks to log in again) or a reload does not lose it.
 */
export function ContactDetailsForm({ user }: { user: User }) {
  const save = useSaveProfile();
  const [draftText, setDraftText, clearDraft] = useSessionDraft(`fragtbud:profile-draft:${user.id}`);
  const form = parseDraft(draftText) ?? { name: user.name ?? '', phone: user.phone ?? '' };
  const setForm = (next: ContactDraft) => setDraftText(JSON.stringify(next));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 5_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const parsed = profileUpdateBodySchema.safeParse({ name: form.name, phone: form.phone });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      setOutcome({ kind: 'error', text: messages.formHasErrors });
      return;
    }
    setErrors({});
    try {
      const reply = await save.mutateAsync({ name: parsed.data.name ?? form.name.trim(), phone: parsed.data.phone ?? null });
      clearDraft(); // the form now shows the saved user from the session
      setOutcome({ kind: 'success', text: reply.message || messages.profileSaved });
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.profileSaveFailed });
    }
  };

  return (
    <form className="fb-card fb-stack" onSubmit={onSubmit} noValidate aria-label="Navn og telefon">
      <h2>Navn og telefon</h2>
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Navn" name="name" autoComplete="name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} error={errors.name} />
      <Field
        label="Telefon"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={(event) => setForm({ ...form, phone: event.target.value })}
        error={errors.phone}
      />
      <div>
        <Button type="submit" loading={save.isPending}>
          Gem
        </Button>
      </div>
    </form>
  );
}
