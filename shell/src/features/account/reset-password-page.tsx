import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { limits, messages } from '@fragtbud/contracts';
import { api, Button, Field, isApiError } from '@fragtbud/web';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { useDocumentTitle } from '../../routing/use-document-title';

/** /reset-password?token=…: the mailed link's page; a new password typed twice. */
export function ResetPasswordPage() {
  useDocumentTitle('Ny adgangskode');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: { password?: string; confirm?: string } = {};
    if (password.length < limits.passwordMinLength) found.password = messages.passwordTooShort;
    if (password !== confirm) found.confirm = messages.passwordsDoNotMatch;
    setErrors(found);
    setFormError(null);
    if (found.password || found.confirm) return;
    setSubmitting(true);
    try {
      await api.post('/auth/reset-password', { token, newPassword: password }, { preferServerMessage: true });
      setDone(true);
    } catch (caught) {
      setFormError(isApiError(caught) ? caught.message : messages.passwordChangeFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Vælg ny adgangskode" back={{ to: '/login', label: 'Gå til log ind' }}>
        {!token ? (
          <FormMessage kind="error">{messages.resetLinkInvalid}</FormMessage>
        ) : done ? (
          <FormMessage kind="note">{messages.passwordChanged}. Du kan nu logge ind med din nye adgangskode.</FormMessage>
        ) : (
          <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Vælg ny adgangskode">
            {formError && (
              <FormMessage kind="error">{formError}</FormMessage>
            )}
            <Field
              label="Ny adgangskode"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              required
            />
            <Field
              label="Gentag adgangskode"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              error={errors.confirm}
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
