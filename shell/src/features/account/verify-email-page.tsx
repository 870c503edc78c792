import { Link, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { isApiError, Spinner, useSession } from '@fragtbud/web';
import { AuthCard, FormMessage } from '../../layout/auth-card';
import { safeNextPath } from '../../routing/login-redirect';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useRefreshAfterVerification, useVerifyEmail } from './api/verify-email';

/**
 * /verify-email?token=…[&next=/task/12…]: confirms the e-mail once on arrival. A user who is already logged in is
 * offered the dashboard (and `next`, where they came from, when the address carries it); others the login.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Bekræft e-mail');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const rawNext = searchParams.get('next');
  const next = rawNext ? safeNextPath(rawNext) : null;
  const loggedIn = useSession((state) => state.user) !== null;
  const verification = useVerifyEmail(token);
  useRefreshAfterVerification(verification.isSuccess);
  const outcome = !token
    ? { ok: false, text: messages.verifyLinkInvalid }
    : verification.isSuccess
      ? { ok: true, text: verification.data?.message ?? messages.emailVerified }
      : verification.isError
        ? { ok: false, text: isApiError(verification.error) ? verification.error.message : messages.verifyLinkInvalid }
        : null;

  return (
    <AuthCard
      title="Bekræft e-mail"
      back={
        loggedIn
          ? { to: '/dashboard', label: 'Gå til dashboard' }
          : { to: next ? `/login?next=${encodeURIComponent(next)}` : '/login', label: 'Gå til log ind' }
      }
    >
      {!outcome ? <Spinner /> : <FormMessage kind={outcome.ok ? 'note' : 'error'}>{outcome.text}</FormMessage>}
      {loggedIn && next && next !== '/dashboard' && outcome && (
        <Link className="fb-button fb-button--primary" to={next}>
          Fortsæt hvor du slap
        </Link>
      )}
    </AuthCard>
  );
}
