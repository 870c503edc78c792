import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { noTasks } from '../../testing/handlers';
import { renderApp } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const server = setupShellApiServer(noTasks); // the dashboard after sign-up

beforeEach(() => setSession(null));

async function fillCommonFields(user: ReturnType<typeof userEvent.setup>, password = 'hemmelig', confirm = password) {
  await user.type(screen.getByLabelText(/^Navn/), 'Karen Kunde');
  await user.type(screen.getByLabelText(/^E-mail/), 'karen@example.dk');
  await user.type(screen.getByLabelText(/^Adgangskode/), password);
  await user.type(screen.getByLabelText(/^Gentag adgangskode/), confirm);
  await user.click(screen.getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser og Privatlivspolitik' }));
}

describe('register page', () => {
  it('when the passwords differ, then it says so beside the field and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await fillCommonFields(user, 'hemmelig', 'hemmelig2');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));

    const confirm = screen.getByLabelText(/^Gentag adgangskode/);
    expect(screen.getByText('Adgangskoder matcher ikke')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toContain(screen.getByText('Adgangskoder matcher ikke').id);
  });

  it('when the password is shorter than 6 characters, then it is refused', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await fillCommonFields(user, 'abc');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(screen.getByText('Adgangskode skal være mindst 6 tegn')).toBeTruthy();
  });

  it('shows company and phone only for carriers', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    expect(screen.queryByLabelText(/^Firma/)).toBeNull();
    expect(screen.queryByLabelText(/^Telefon/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Vognmand' }));
    expect(screen.getByLabelText(/^Firma/)).toBeTruthy();
    expect(screen.getByLabelText(/^Telefon/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Kunde' }));
    expect(screen.queryByLabelText(/^Firma/)).toBeNull();
  });

  it('registers a carrier with company and phone, signs in and goes to the dashboard', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = await request.json();
        const created = makeUser({ name: 'Karen Kunde', email: 'karen@example.dk', role: 'carrier', is_approved: false });
        return HttpResponse.json({ user: created, token: 'tok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(screen.getByRole('radio', { name: 'Vognmand' }));
    await fillCommonFields(user);
    await user.type(screen.getByLabelText(/^Firma/), 'Karens Fragt ApS');
    await user.type(screen.getByLabelText(/^Telefon/), '12345678');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(sent).toEqual({
      name: 'Karen Kunde',
      email: 'karen@example.dk',
      password: 'hemmelig',
      role: 'carrier',
      acceptTerms: true,
      company: 'Karens Fragt ApS',
      phone: '12345678',
    });
    expect(await screen.findByRole('heading', { name: 'Hej Karen Kunde!' })).toBeTruthy();
  });

  it('sends where the registration started (next), so the verification mail can lead back there', async () => {
    let sent: { next?: string } | undefined;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = (await request.json()) as { next?: string };
        return HttpResponse.json({ user: makeUser({ name: 'Karen Kunde', role: 'customer' }), token: 'tok' }, { status: 201 });
      }),
      http.get('/api/tasks/12', () => HttpResponse.json({ code: 'task_not_found', message: 'Opgaven blev ikke fundet.' }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderApp('/register?next=%2Ftask%2F12%3Faccess%3Dabc');
    await fillCommonFields(user);
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/task/12'));
    expect(sent?.next).toBe('/task/12?access=abc');
  });

  it('fills in the e-mail a guest link names (?email=) and still comes back to next; a malformed one is left out', async () => {
    let sent: { email?: string; next?: string } | undefined;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = (await request.json()) as { email?: string; next?: string };
        return HttpResponse.json({ user: makeUser({ name: 'Karen Kunde', role: 'customer' }), token: 'tok' }, { status: 201 });
      }),
      http.get('/api/tasks/12', () => HttpResponse.json({ code: 'task_not_found', message: 'Opgaven blev ikke fundet.' }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderApp('/register?next=/task/12%3Faccess%3Dabc&email=gaest%2Bqa%40example.dk');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('gaest+qa@example.dk');
    await user.type(screen.getByLabelText(/^Navn/), 'Karen Kunde');
    await user.type(screen.getByLabelText(/^Adgangskode/), 'hemmelig');
    await user.type(screen.getByLabelText(/^Gentag adgangskode/), 'hemmelig');
    await user.click(screen.getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser og Privatlivspolitik' }));
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/task/12'));
    expect(sent).toMatchObject({ email: 'gaest+qa@example.dk', next: '/task/12?access=abc' });
  });

  it('leaves the e-mail field empty when ?email= is not an e-mail', () => {
    renderApp('/register?email=%3Cscript%3E');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when registration is refused', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ code: 'email_taken', message: 'Der findes allerede en bruger med denne e-mail.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await fillCommonFields(user);
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der findes allerede en bruger med denne e-mail.');
  });

  it('when the terms are not accepted, then it says so, links to both texts and sends nothing', async () => {
    let posted = false;
    server.use(
      http.post('/api/auth/register', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await fillCommonFields(user);
    const consent = screen.getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser og Privatlivspolitik' });
    await user.click(consent); // untick again
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));

    expect(await screen.findByText(messages.termsNotAccepted)).toBeTruthy();
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(false);
    const form = screen.getByRole('form', { name: 'Opret bruger' });
    expect(within(form).getByRole('link', { name: 'Handelsbetingelser' }).getAttribute('href')).toBe('/terms');
    expect(within(form).getByRole('link', { name: 'Privatlivspolitik' }).getAttribute('href')).toBe('/privacy');
  });

  it('links to the login page', () => {
    renderApp('/register');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login');
  });
});
