import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { api, isApiError, Spinner } from '@fragtbud/web';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { useDocumentTitle } from '../../routing/use-document-title';

/** One request per token, however often the page mounts (StrictMode mounts twice; a token works once). */
const verifications = new Map<string, Promise<{ message: string } | undefined>>();
function verifyOnce(token: string) {
  let request = verifications.get(token);
  if (!request) {
    request = api.post<{ message: string }>('/auth/verify-email', { token }, { preferServerMessage: true });
    verifications.set(token, request);
  }
  return request;
}

/** /verify-email?token=…: confirms the e-mail once on arrival. */
export function VerifyEmailPage() {
  useDocumentTitle('Bekræft e-mail');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!token) {
      setOutcome({ ok: false, text: messages.verifyLinkInvalid });
      return;
    }
    let active = true;
    verifyOnce(token)
      .then((answer) => active && setOutcome({ ok: true, text: answer?.message ?? messages.emailVerified }))
      .catch((caught: unknown) => active && setOutcome({ ok: false, text: isApiError(caught) ? caught.message : messages.verifyLinkInvalid }));
    return () => {
      active = false;
    };
  }, [token]);

  return (
    <AuthCard title="Bekræft e-mail" back={{ to: '/login', label: 'Gå til log ind' }}>
        {!outcome ? (
          <Spinner />
        ) : (
          <FormMessage kind={outcome.ok ? 'note' : 'error'}>{outcome.text}</FormMessage>
        )}
    </AuthCard>
  );
}
