import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { oidcErrorTexts, oidcLinkTexts, type OidcLink } from '@fragtbud/contracts';
import { makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { noOidcLinks, oidcDisabled } from '../../testing/handlers';
import { OidcLinks } from './oidc-links';

const server = setupApiServer(oidcDisabled, noOidcLinks);
const oidcEnabled = http.get('/api/auth/oidc/config', () => HttpResponse.json({ enabled: true, label: 'Log ind med MitID' }));

const link = (id: number, email: string): OidcLink => ({
  id,
  issuer: 'https://mitid.example',
  email,
  createdAt: '2026-11-20T10:00:00Z',
  lastUsedAt: null,
});

beforeEach(() => setSession(makeUser({ role: 'customer' })));

describe('Profil > Sikkerhed > Login via udbyder', () => {
  it("when a provider is configured, then the links show with 'Fjern', and 'Knyt login' starts a linking", async () => {
    const removed: string[] = [];
    server.use(
      oidcEnabled,
      http.get('/api/auth/oidc/links', () => HttpResponse.json({ items: [link(3, 'karen@mitid.dk'), link(4, 'k2@mitid.dk')] })),
      http.delete('/api/auth/oidc/links/:id', ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<OidcLinks />, { route: '/profile?tab=security' });
    const list = await screen.findByRole('list', { name: 'Knyttede login' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Knyt login' }).getAttribute('href')).toBe('/api/auth/oidc/link/start');
    await userEvent.setup().click(within(list).getAllByRole('button', { name: 'Fjern' })[0]!);
    expect(await screen.findByText(oidcLinkTexts.removed)).toBeTruthy();
    expect(removed).toEqual(['3']);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/k2@mitid\.dk/)).toBeTruthy();
  });

  it('when a linking came back refused, then its Danish explanation shows', async () => {
    server.use(oidcEnabled);
    renderWithProviders(<OidcLinks />, { route: '/profile?tab=security&oidcError=already_linked' });
    expect(await screen.findByText(oidcErrorTexts.already_linked)).toBeTruthy();
    expect(screen.getByText('Der er ikke knyttet noget login til din konto.')).toBeTruthy();
  });
});
