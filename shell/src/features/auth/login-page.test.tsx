import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
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
  });

  it('checks the form before sending it', async () => {
    renderApp('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log ind' }));
    expect(screen.getByText('Angiv en gyldig e-mailadresse')).toBeTruthy();
    expect(screen.getByText('Angiv din adgangskode')).toBeTruthy();
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

  it('tells the user that two-factor sign-in is coming when the server asks for a code', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true })));
    renderApp('/login');
    await logIn('hemmelig');
    expect(await screen.findByText(/totrinsbekræftelse.*kommer snart/)).toBeTruthy();
    expect(location()).toBe('/login');
  });
});
