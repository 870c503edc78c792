import { useSearchParams } from 'react-router-dom';
import { oidcErrorText } from '@fragtbud/contracts';
import { FormMessage } from '../../layout/auth-card';
import { useOidcConfig } from './api/get-oidc-config';

/**
 * 'Log ind med MitID' (OpenID Connect): shown only when the server has a provider configured. A failed provider login
 * comes back as `/login?oidcError=<code>`; its Danish explanation shows here (e.g. how to link a login first).
 */
export function OidcLoginLink({ next }: { next: string }) {
  const [searchParams] = useSearchParams();
  const config = useOidcConfig();
  const error = oidcErrorText(searchParams.get('oidcError'));
  return (
    <>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {config.data?.enabled && (
        <a className="fb-button fb-button--secondary" href={`/api/auth/oidc/start?next=${encodeURIComponent(next)}`}>
          {config.data.label}
        </a>
      )}
    </>
  );
}
