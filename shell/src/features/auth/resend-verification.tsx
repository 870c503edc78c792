import { useState } from 'react';
import { messages } from '@fragtbud/contracts';
import { Button, isApiError } from '@fragtbud/web';
import { useRequestVerificationMail } from './api/account-mails';

/** Shown with 'Din e-mail er ikke bekræftet...': sends the verification mail again. */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestVerificationMail();
  const resend = async () => {
    setState('sending');
    setError(null);
    try {
      await request.mutateAsync(email);
      setState('sent');
    } catch (caught) {
      // 400 names the field; 429 tells when mails can be asked for again.
      setError(isApiError(caught) && (caught.status === 400 || caught.status === 429) ? caught.message : messages.couldNotSendVerification);
      setState('idle');
    }
  };
  if (state === 'sent') {
    return (
      <p className="fb-form-note" role="status">
        {messages.verificationMailSent}
      </p>
    );
  }
  return (
    <div className="fb-stack">
      {error && <p className="fb-form-error">{error}</p>}
      <Button type="button" variant="secondary" loading={state === 'sending'} onClick={() => void resend()}>
        Send bekræftelsesmail igen
      </Button>
    </div>
  );
}
