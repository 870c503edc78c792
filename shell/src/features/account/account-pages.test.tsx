import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { useSession } from '@fragtbud/web';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { noTasks } from '../../testing/handlers';
import { renderApp } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const karen = makeUser({ name: 'Karen Kunde', email: 'karen@example.dk', role: 'customer', twoFactorEnabled: true });
const sent: Array<{ path: string; body: unknown }> = [];
/** Mailed tokens are 43 characters of base64url. */
const goodToken = 'g'.repeat(43);
const usedToken = 'u'.repeat(43);

const server = setupShellApiServer(
  noTasks,
  http.post('/api/auth/forgot-password', async ({ request }) => {
    sent.push({ path: 'forgot', body: await request.json() });
    return HttpResponse.json({ message: 'Hvis e-mailen hører til en konto, har vi sendt et link til at nulstille adgangskoden.' });
  }),
  http.post('/api/auth/reset-password', async ({ request }) => {
    const body = (await request.json()) as { token: string };
    sent.push({ path: 'reset', body });
    if (body.token === usedToken) return HttpResponse.json({ code: 'reset_link_used', message: messages.resetLinkUsed }, { status: 400 });
    if (body.token !== goodToken) {
      return HttpResponse.json({ code: 'reset_link_invalid', message: 'Linket til at nulstille adgangskoden er ugyldigt eller udløbet. Bed om et nyt.' }, { status: 400 });
    }
    return HttpResponse.json({ message: 'Adgangskode ændret succesfuldt' });
  }),
  http.post('/api/auth/verify-email', () => HttpResponse.json({ message: 'Din e-mail er bekræftet.' })),
  // A confirmed e-mail reloads the signed-in user's profile.
  http.get('/api/auth/profile', () => HttpResponse.json({ user: useSession.getState().user })),
  http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, challenge: 'udfordring-1' })),
  http.post('/api/auth/2fa/email/request', async ({ request }) => {
    sent.push({ path: '2fa-mail', body: await request.json() });
    return HttpResponse.json({ message: 'Vi har sendt en kode til din e-mail.' });
  }),
  http.post('/api/auth/2fa/email/verify', async ({ request }) => {
    const body = (await request.json()) as { code: string; challenge: string };
    sent.push({ path: '2fa-verify', body });
    if (body.code === '123456' && body.challenge === 'udfordring-1') return HttpResponse.json({ success: true, user: karen, token: 'tok' });
    return HttpResponse.json({ code: 'invalid_code', message: 'Ugyldig eller udløbet kode.' }, { status: 401 });
  }),
);

beforeEach(() => {
  setSession(null);
  sent.length = 0;
});

const location = () => screen.getByTestId('location').textContent;
/**
 * Follows a link to a lazily loaded page inside an awaited act: React takes that page's use() of its chunk (loaded, but
 * a promise) for a suspension, and in the click's own synchronous act the page would stop there.
 */
const followLink = (user: UserEvent, name: string) => act(() => user.click(screen.getByRole('link', { name })));

describe('Glemt adgangskode?', () => {
  it('when an e-mail was typed on the login page, then the form opens with it filled in', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(screen.getByLabelText(/^E-mail/), 'karen@example.dk');
    await followLink(user, 'Glemt adgangskode?');
    expect(location()).toBe('/forgot-password');
    expect((await screen.findByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('karen@example.dk');
  });

  it('when the e-mail is not valid, then the error is tied to the field and the keyboard is put back in it; nothing is sent', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    const field = screen.getByLabelText(/^E-mail/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([]);
  });

  it('when the login page is open, then the link leads to the form, which sends the e-mail and shows the neutral answer', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await followLink(user, 'Glemt adgangskode?');
    expect(location()).toBe('/forgot-password');
    await user.type(screen.getByLabelText(/^E-mail/), 'karen@example.dk');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/^Hvis e-mailen hører til en konto/)).toBeTruthy();
    expect(sent).toEqual([{ path: 'forgot', body: { email: 'karen@example.dk' } }]);
  });

  it('when the reset form is filled, then passwords must match and the new one is sent with the token', async () => {
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${goodToken}`);
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'ny-kode-1');
    await user.type(screen.getByLabelText(/^Gentag adgangskode/), 'ny-kode-2');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findByText('Adgangskoder matcher ikke')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText(/^Gentag adgangskode/));
    await user.type(screen.getByLabelText(/^Gentag adgangskode/), 'ny-kode-1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findByText(/^Adgangskode ændret succesfuldt/)).toBeTruthy();
    expect(sent).toEqual([{ path: 'reset', body: { token: goodToken, newPassword: 'ny-kode-1' } }]);
  });

  it('when the link was used already, then it says so in Danish, the form goes and Send et nyt link leads to Glemt adgangskode', async () => {
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${usedToken}`);
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'ny-kode-1');
    await user.type(screen.getByLabelText(/^Gentag adgangskode/), 'ny-kode-1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.resetLinkUsed);
    expect(screen.queryByLabelText(/^Ny adgangskode/)).toBeNull();
    await followLink(user, 'Send et nyt link');
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
  });

  it('when the link is unknown (made up, or replaced by a newer one), then the server message is shown with Send et nyt link', async () => {
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${'x'.repeat(43)}`);
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'ny-kode-1');
    await user.type(screen.getByLabelText(/^Gentag adgangskode/), 'ny-kode-1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ugyldigt eller udløbet');
    expect(screen.getByRole('link', { name: 'Send et nyt link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it.each([
    ['cut short', '/reset-password?token=abc123', messages.resetLinkMalformed],
    ['with a character a token never has', `/reset-password?token=${'a'.repeat(42)}%2B`, messages.resetLinkMalformed],
    ['without a token', '/reset-password', messages.resetLinkInvalid],
  ])('when the link is %s, then it says so before anything is typed, offers Send et nyt link and sends nothing', (_, path, message) => {
    renderApp(path);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByLabelText(/^Ny adgangskode/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Send et nyt link' }).getAttribute('href')).toBe('/forgot-password');
    expect(sent).toEqual([]);
  });
});

describe('/verify-email', () => {
  it('when nobody is logged in, then the link leads to log ind', async () => {
    renderApp('/verify-email?token=t-1');
    expect(await screen.findByText('Din e-mail er bekræftet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå til log ind' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Gå til dashboard' })).toBeNull();
  });

  it('when the user is already logged in, then it offers the dashboard, and the next address when it is carried along', async () => {
    setSession(makeUser({ name: 'Gæst Testesen', role: 'customer' }));
    renderApp('/verify-email?token=t-2&next=%2Ftask%2F12');
    expect(await screen.findByText('Din e-mail er bekræftet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå til dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Fortsæt hvor du slap' }).getAttribute('href')).toBe('/task/12');
    expect(screen.queryByRole('link', { name: 'Gå til log ind' })).toBeNull();
  });

  it('when a logged-in user confirms, then their session says so, and the dashboard no longer asks them to confirm', async () => {
    const guest = makeUser({ id: 44, name: 'Gæst Testesen', role: 'customer', emailVerified: false });
    setSession(guest);
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ user: { ...guest, emailVerified: true } })));
    renderApp('/verify-email?token=t-3');
    expect(await screen.findByText('Din e-mail er bekræftet.')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().user?.emailVerified).toBe(true));
    await userEvent.click(screen.getByRole('link', { name: 'Gå til dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hej Gæst Testesen!' })).toBeTruthy();
    expect(screen.queryByText(/Bekræft din e-mail med linket/)).toBeNull();
  });
});

describe('login with two-factor', () => {
  async function passwordStep() {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(screen.getByLabelText(/^E-mail/), karen.email);
    await user.type(screen.getByLabelText(/^Adgangskode/), 'hemmelig');
    await user.click(screen.getByRole('button', { name: 'Log ind' }));
    await screen.findByRole('form', { name: 'Engangskode' });
    return user;
  }

  it('when the password step asks for a code, then fewer than 6 digits says Indtast 6 cifre; the right code signs in', async () => {
    const user = await passwordStep();
    await user.type(screen.getByLabelText(/^Kode/), '123');
    await user.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Indtast 6 cifre');
    await user.clear(screen.getByLabelText(/^Kode/));
    await user.type(screen.getByLabelText(/^Kode/), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(sent.at(-1)).toEqual({ path: '2fa-verify', body: { email: karen.email, challenge: 'udfordring-1', code: '123456' } });
  });

  it('when the code is wrong, then Ugyldig eller udløbet kode.; Send koden på e-mail asks for a mailed code', async () => {
    const user = await passwordStep();
    await user.type(screen.getByLabelText(/^Kode/), '999999');
    await user.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ugyldig eller udløbet kode.');
    await user.click(screen.getByRole('button', { name: 'Send koden på e-mail' }));
    expect(await screen.findByText('Vi har sendt en kode til din e-mail.')).toBeTruthy();
    expect(sent).toContainEqual({ path: '2fa-mail', body: { email: karen.email, challenge: 'udfordring-1' } });
    expect(location()).toBe('/login');
  });
});
