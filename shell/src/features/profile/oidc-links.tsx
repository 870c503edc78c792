import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages, oidcErrorText, oidcLinkTexts } from '@fragtbud/contracts';
import { Button, ErrorState, formatDateTime, isApiError, Spinner, useSession } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';
import { useOidcConfig } from '../auth';
import { useOidcLinks, useRemoveOidcLink } from './api/oidc-links';

const errorText = (caught: unknown, fallback: string) => (isApiError(caught) ? caught.message : fallback);

/**
 * Profil > Sikkerhed > Login via udbyder: the provider logins linked to this account, each with 'Fjern', and
 * 'Knyt login' (a full-page trip to the provider and back here) when a provider is configured. Only a login linked
 * here signs in with the provider. A failed linking comes back as `?oidcError=` and is told in Danish.
 */
export function OidcLinks() {
  const config = useOidcConfig();
  const links = useOidcLinks();
  const remove = useRemoveOidcLink();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  // Admins sign in with password and second factor only.
  const isAdmin = useSession((state) => state.user?.role === 'admin');
  const returnedError = oidcErrorText(searchParams.get('oidcError'));
  const enabled = config.data?.enabled === true;
  const items = links.data?.items ?? [];
  if (isAdmin || (!enabled && items.length === 0)) return null;

  const onRemove = async (id: number) => {
    setOutcome(null);
    try {
      await remove.mutateAsync(id);
      setOutcome({ kind: 'note', text: oidcLinkTexts.removed });
    } catch (caught) {
      setOutcome({ kind: 'error', text: errorText(caught, messages.somethingWentWrong) });
    }
  };

  return (
    <section className="fb-card fb-stack" aria-labelledby="oidc-links-title">
      <h2 id="oidc-links-title">Login via udbyder</h2>
      <p>Et knyttet login (f.eks. MitID) kan bruges i stedet for e-mail og adgangskode. Har du totrinsbekræftelse slået til, spørges du stadig om koden.</p>
      {returnedError && <FormMessage kind="error">{returnedError}</FormMessage>}
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      {links.isFetching && !links.data ? (
        <Spinner />
      ) : links.error ? (
        <ErrorState compact message={errorText(links.error, messages.somethingWentWrong)} onRetry={() => void links.refetch()} />
      ) : items.length === 0 ? (
        <p>Der er ikke knyttet noget login til din konto.</p>
      ) : (
        <ul className="fb-stack" aria-label="Knyttede login">
          {items.map((link) => (
            <li key={link.id}>
              <strong>{link.email ?? link.issuer}</strong> · knyttet {formatDateTime(link.createdAt)}
              {link.lastUsedAt ? ` · sidst brugt ${formatDateTime(link.lastUsedAt)}` : ''}{' '}
              <Button type="button" variant="secondary" loading={remove.isPending && remove.variables === link.id} onClick={() => void onRemove(link.id)}>
                Fjern
              </Button>
            </li>
          ))}
        </ul>
      )}
      {enabled && (
        <a className="fb-button fb-button--secondary" href="/api/auth/oidc/link/start">
          Knyt login
        </a>
      )}
    </section>
  );
}
