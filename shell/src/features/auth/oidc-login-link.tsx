import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../layout/auth-card';
import { useOidcConfig } from './api/get-oidc-config';

const oidcErrors: Record<string, string> = {
  no_account: 'Der findes ingen konto med den e-mail, udbyderen har bekræftet. Opret en bruger først.',
  email_not_verified: 'Udbyderen har ikke bekræftet din e-mail.',
  blocked: 'Din konto er blokeret. Kontakt os for hjælp.',
  failed: 'Login via udbyderen mislykkedes. Prøv igen.',
};

/** 'Log ind med MitID' (OpenID Connect): shown only when the server has a provider configured. */
export function OidcLoginLink({ next }: { next: string }) {
  const [searchParams] = useSearchParams();
  const config = useOidcConfig();
  const error = searchParams.get('oidcError');
  return (
    <>
      {error && <FormMessage kind="error">{oidcErrors[error] ?? oidcErrors.failed}</FormMessage>}
      {config.data?.enabled && (
        <a className="fb-button fb-button--secondary" href={`/api/auth/oidc/start?next=${encodeURIComponent(next)}`}>
          {config.data.label}
        </a>
      )}
    </>
  );
}
