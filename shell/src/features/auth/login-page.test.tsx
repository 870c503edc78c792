import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, oidcErrorTexts, securityTexts } from '@fragtbud/contracts';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { noSuchTask, noTasks } from '../../testing/handlers';
import { renderApp } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const karen = makeUser({ name: 'Karen Kunde', email: 'karen@example.dk', role: 'customer' });

const server = setupShellApiServer(
  noTasks, // the dashboard after sign-in
  noSuchTask, // a ?next= task page
  http.post('/api/auth/login', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    if (email === karen.email && password === 'hemmelig') return HttpResponse.json({ success: true, user: karen, token: 'tok' });
    return HttpResponse.json({ code: 'invalid_credentials', message: 'Forkert email eller adgangskode' }, { status: 401 });
  }),
);

beforeEach(() => setSession(null));

async function logIn(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^E-mail/), karen.email);
  await user.type(screen.getByLabelText(/^Adgangskode/), password);
  await user.click(screen.getByRole('button', { name: 'Log ind' }));
}

const location = () => screen.getByTestId('location').textContent;

describe('login page', () => {
  it('when the password is wrong, then the server message is shown and the user stays', async () => {
    renderApp('/login');
    await logIn('forkert');
    expect((await screen.findByRole('alert')).textContent).toBe('Forkert email eller adgangskode');
    expect(location()).toBe('/login');
    // The keyboard user is back in the password field, not at the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Adgangskode')));
  });

  it('when the account is blocked (the right password), then the server\'s 403 message is shown, not the no-access text', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ code: 'account_blocked', message: messages.accountBlocked }, { status: 403 }),
      ),
    );
    renderApp('/login');
    await logIn('hemmelig');
    expect((await screen.findByRole('alert')).textContent).toBe('Din konto er blokeret. Kontakt os for hjælp.');
    expect(location()).toBe('/login');
  });

  it('checks the form before sending it', async () => {
    renderApp('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log ind' }));
    expect(screen.getByText('Angiv en gyldig e-mailadresse')).toBeTruthy();
    expect(screen.getByText('Angiv din adgangskode')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });

  it('goes to the dashboard after signing in', async () => {
    renderApp('/login');
    await logIn('hemmelig');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.getByText('Karen Kunde')).toBeTruthy();
  });

  it('follows ?next= to a same-site path', async () => {
    renderApp('/login?next=/task/42%3Ftab%3Dbids');
    await logIn('hemmelig');
    await waitFor(() => expect(location()).toBe('/task/42?tab=bids'));
  });

  it.each(['//evil.example/steal', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores an unsafe ?next=%s and goes to the dashboard',
    async (next) => {
      renderApp(`/login?next=${encodeURIComponent(next)}`);
      await logIn('hemmelig');
      await waitFor(() => expect(location()).toBe('/dashboard'));
    },
  );

  it('moves to the code step, without signing in, when the server asks for a code', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, challenge: 'c' })));
    renderApp('/login');
    await logIn('hemmelig');
    expect(await screen.findByRole('form', { name: 'Engangskode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send koden på e-mail' })).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it("shows 'Log ind med MitID' only when a provider is configured, and explains a failed provider login", async () => {
    server.use(http.get('/api/auth/oidc/config', () => HttpResponse.json({ enabled: true, label: 'Log ind med MitID' })));
    renderApp('/login?oidcError=not_linked');
    const link = await screen.findByRole('link', { name: 'Log ind med MitID' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start?next=%2Fdashboard');
    expect(screen.getByText(oidcErrorTexts.not_linked)).toBeTruthy();
  });

  it('when a provider login of a two-factor user comes back, then the code step asks for the code with the challenge from the fragment, and the fragment is gone', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/2fa/email/verify', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, user: karen });
      }),
    );
    window.history.replaceState(null, '', '/login?oidc=two_factor#challenge=c-oidc&email=karen%40example.dk&next=%2Fprofile');
    renderApp('/login?oidc=two_factor');
    expect(await screen.findByRole('form', { name: 'Engangskode' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Kode/), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(sent).toEqual({ email: 'karen@example.dk', challenge: 'c-oidc', code: '123456' });
    window.history.replaceState(null, '', '/');
  });

  it('when the code step is locked after too many wrong codes, then the Danish lockout text is shown', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, challenge: 'c' })),
      http.post('/api/auth/2fa/email/verify', () =>
        HttpResponse.json({ code: 'second_factor_locked', message: securityTexts.secondFactorLocked(15) }, { status: 429, headers: { 'Retry-After': '900' } }),
      ),
    );
    renderApp('/login');
    await logIn('hemmelig');
    await screen.findByRole('form', { name: 'Engangskode' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Kode/), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText(securityTexts.secondFactorLocked(15))).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('offers to resend the verification mail when the e-mail is not verified', async () => {
    let resent: unknown;
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ code: 'email_not_verified', message: 'Din e-mail er ikke bekræftet. Tjek din indbakke, eller send bekræftelsesmailen igen.' }, { status: 403 }),
      ),
      http.post('/api/auth/verify-request', async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ message: 'sendt' });
      }),
    );
    renderApp('/login');
    await logIn('hemmelig');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Din e-mail er ikke bekræftet/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send bekræftelsesmail igen' }));
    await waitFor(() => expect(resent).toEqual({ email: karen.email }));
  });
});
