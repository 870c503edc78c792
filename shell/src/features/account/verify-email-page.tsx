import { useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { isApiError, Spinner } from '@fragtbud/web';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useVerifyEmail } from './api/verify-email';

/** /verify-email?token=…: confirms the e-mail once on arrival. */
export function VerifyEmailPage() {
  useDocumentTitle('Bekræft e-mail');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useVerifyEmail(token);
  const outcome = !token
    ? { ok: false, text: messages.verifyLinkInvalid }
    : verification.isSuccess
      ? { ok: true, text: verification.data?.message ?? messages.emailVerified }
      : verification.isError
        ? { ok: false, text: isApiError(verification.error) ? verification.error.message : messages.verifyLinkInvalid }
        : null;

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
