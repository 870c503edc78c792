import { useState, type FormEvent } from 'react';
import { loginCodeSchema, messages } from '@fragtbud/contracts';
import { Button, Field, isApiError, useSession } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';
import { useRequestLoginCodeByEmail } from './api/account-mails';

interface TwoFactorStepProps {
  email: string;
  challenge: string;
  onSignedIn: () => void;
}

/** The login's second step: the 6-digit code from the app (or a recovery code), or a code sent by e-mail. */
export function TwoFactorStep({ email, challenge, onSignedIn }: TwoFactorStepProps) {
  const verifyTwoFactor = useSession((state) => state.verifyTwoFactor);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const requestCode = useRequestLoginCodeByEmail();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(messages.twoFactorCodeFormat);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await verifyTwoFactor({ email, challenge, code: parsed.data });
      onSignedIn();
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : messages.invalidOrExpiredCode);
      setSubmitting(false);
    }
  };

  const sendByEmail = async () => {
    setSending(true);
    setError(null);
    try {
      await requestCode.mutateAsync({ email, challenge });
      setNote(messages.loginCodeSent);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : messages.couldNotSendCode);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Engangskode">
      <p className="fb-form-note">Din konto er beskyttet med totrinsbekræftelse. Indtast koden fra din autentifikator-app.</p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {note && <FormMessage kind="note">{note}</FormMessage>}
      <Field
        label="Kode"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        hint="6 cifre (eller en gendannelseskode)"
        required
      />
      <Button type="submit" size="large" fullWidth loading={submitting}>
        Bekræft
      </Button>
      <Button type="button" variant="secondary" fullWidth loading={sending} onClick={() => void sendByEmail()}>
        Send koden på e-mail
      </Button>
    </form>
  );
}
