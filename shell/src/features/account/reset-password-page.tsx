import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountLinkTokenPattern, messages, newPasswordFormSchema } from '@fragtbud/contracts';
import { Button, Field, isApiError } from '@fragtbud/web';
import { fieldError, useContractForm } from '@fragtbud/web/forms';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useResetPassword } from './api/password-reset';

/** The answers that mean this link will never work: the page says which and offers a new one instead of the form. */
const deadLinkCodes = new Set(['reset_link_used', 'reset_link_expired', 'reset_link_invalid']);

/** A link that cannot work, why, and 'Send et nyt link' (to 'Glemt adgangskode'). */
function DeadLink({ reason }: { reason: string }) {
  return (
    <div className="fb-stack">
      <FormMessage kind="error">{reason}</FormMessage>
      <Link className="fb-button fb-button--primary" to="/forgot-password">
        {messages.sendNewResetLink}
      </Link>
    </div>
  );
}

/**
 * /reset-password?token=…: the mailed link's page; a new password typed twice. A link cut short or mistyped is told
 * before anything is typed; one already used or run out when the server says so — each with 'Send et nyt link'.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Ny adgangskode');
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const form = useContractForm(newPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const reset = useResetPassword();

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    setSubmitting(true);
    try {
      await reset.mutateAsync({ token, newPassword });
      setDone(true);
    } catch (caught) {
      if (isApiError(caught) && deadLinkCodes.has(caught.code)) setDeadLink(caught.message);
      else setFormError(isApiError(caught) ? caught.message : messages.passwordChangeFailed);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Vælg ny adgangskode" back={{ to: '/login', label: 'Gå til log ind' }}>
        {!token ? (
          <DeadLink reason={messages.resetLinkInvalid} />
        ) : !accountLinkTokenPattern.test(token) ? (
          <DeadLink reason={messages.resetLinkMalformed} />
        ) : deadLink ? (
          <DeadLink reason={deadLink} />
        ) : done ? (
          <FormMessage kind="note">{messages.passwordChanged}. Du kan nu logge ind med din nye adgangskode.</FormMessage>
        ) : (
          <form className="fb-stack" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Vælg ny adgangskode">
            {formError && (
              <FormMessage kind="error">{formError}</FormMessage>
            )}
            <Field
              label="Ny adgangskode"
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword')}
              error={fieldError(form, 'newPassword')}
              required
            />
            <Field
              label="Gentag adgangskode"
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={fieldError(form, 'confirmPassword')}
              required
            />
            <Button type="submit" size="large" fullWidth loading={submitting}>
              Gem ny adgangskode
            </Button>
          </form>
        )}
    </AuthCard>
  );
}
