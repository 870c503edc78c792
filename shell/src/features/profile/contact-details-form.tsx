import { useEffect, useState } from 'react';
import { messages, profileUpdateBodySchema } from '@fragtbud/contracts';
import { Button, Field, FormMessage, isApiError, type User } from '@fragtbud/web';
import { applyServerFieldErrors, fieldError, useDraftedContractForm } from '@fragtbud/web/forms';
import { useSaveProfile } from './api/save-profile';

/** The two fields of PUT /users/profile this form changes, with the service's own rules and Danish messages. */
const contactDetailsSchema = profileUpdateBodySchema.pick({ name: true, phone: true }).required();

/**
 * The user's own name and contact phone (PUT /users/profile); for every role, no approval needed (spec section 7).
 * What was typed is kept as a draft in sessionStorage until it is saved, so a session that ran out meanwhile (the
 * page asks to log in again) or a reload does not lose it.
 */
export function ContactDetailsForm({ user }: { user: User }) {
  // A new form per user: one user's draft never shows in another's.
  return <ContactDetails key={user.id} user={user} />;
}

function ContactDetails({ user }: { user: User }) {
  const save = useSaveProfile();
  const { form, clearDraft } = useDraftedContractForm(contactDetailsSchema, `fragtbud:profile-draft:${user.id}`, {
    name: user.name ?? '',
    phone: user.phone ?? '',
  });
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 5_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = form.handleSubmit(
    async (body) => {
      if (save.isPending) return;
      setOutcome(null);
      try {
        const reply = await save.mutateAsync({ name: body.name, phone: body.phone ?? null });
        form.reset({ name: reply.user.name ?? body.name, phone: reply.user.phone ?? '' }); // what the service stored
        clearDraft();
        setOutcome({ kind: 'success', text: reply.message || messages.profileSaved });
      } catch (caught) {
        const onFields = applyServerFieldErrors(form, caught);
        setOutcome({ kind: 'error', text: onFields ? messages.formHasErrors : isApiError(caught) ? caught.message : messages.profileSaveFailed });
      }
    },
    () => setOutcome({ kind: 'error', text: messages.formHasErrors }),
  );

  return (
    <form className="fb-card fb-stack" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Navn og telefon">
      <h2>Navn og telefon</h2>
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Navn" autoComplete="name" {...form.register('name')} error={fieldError(form, 'name')} />
      <Field label="Telefon" type="tel" autoComplete="tel" {...form.register('phone')} error={fieldError(form, 'phone')} />
      <div>
        <Button type="submit" loading={save.isPending}>
          Gem
        </Button>
      </div>
    </form>
  );
}
