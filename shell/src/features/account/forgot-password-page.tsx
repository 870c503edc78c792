import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { emailBodySchema, messages } from '@fragtbud/contracts';
import { Button, Field, isApiError } from '@fragtbud/web';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useRequestPasswordReset } from './api/password-reset';

/** 'Glemt adgangskode?': asks for a reset link; the answer is the same whether the account exists or not. */
export function ForgotPasswordPage() {
  useDocumentTitle('Glemt adgangskode');
  const location = useLocation();
  // The e-mail already typed on the login page, when the user came from its 'Glemt adgangskode?' link.
  const [email, setEmail] = useState(() => {
    const carried = (location.state as { email?: unknown } | null)?.email;
    return typeof carried === 'string' ? carried : '';
  });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const requestReset = useRequestPasswordReset();
  // A keyboard user lands in the field that needs fixing, not at the top of the page.
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(messages.emailInvalid);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await requestReset.mutateAsync(parsed.data);
      setSent(answer?.message ?? messages.resetMailSent);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : messages.somethingWentWrong);
      emailRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Glemt adgangskode?" back={{ to: '/login', label: 'Tilbage til log ind' }}>
        {sent ? (
          <FormMessage kind="note">{sent}</FormMessage>
        ) : (
          <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Glemt adgangskode">
            <p className="auth-card__lead">Skriv din e-mail, så sender vi et link, du kan vælge en ny adgangskode med.</p>
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              ref={emailRef}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error}
              required
            />
            <Button type="submit" size="large" fullWidth loading={submitting}>
              Send link
            </Button>
          </form>
        )}
    </AuthCard>
  );
}
