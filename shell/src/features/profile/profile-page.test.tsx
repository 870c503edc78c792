import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { formatDateTime } from '@fragtbud/web';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { renderApp, renderAppAsync } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const karen = makeUser({ name: 'Karen Kunde', role: 'customer' });
// A carrier's first render suspends (their offline queue is lazy), so each carrier test renders in an awaited act.
const viggo = makeUser({ name: 'Viggo Vognmand', role: 'carrier', company: 'Viggos Transport ApS' });
const calls: Array<{ path: string; body: unknown }> = [];
let twoFactor = { enabled: false, pending: false, recoveryCodesLeft: 0 };
const emptyBilling = { company: null, cvrNumber: null, address: null, postalCode: null, city: null, country: null };
let currentBilling: Record<string, string | null> = emptyBilling;
let ownChange: { status: string; data: Record<string, string | null> } | null = null;

const server = setupShellApiServer(
  http.get('/api/auth/2fa', () => HttpResponse.json(twoFactor)),
  http.post('/api/auth/2fa/setup', () => {
    twoFactor = { ...twoFactor, pending: true };
    return HttpResponse.json({ qr: 'data:image/png;base64,AAAA', base32: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' });
  }),
  http.post('/api/auth/2fa/enable', async ({ request }) => {
    calls.push({ path: 'enable', body: await request.json() });
    twoFactor = { enabled: true, pending: false, recoveryCodesLeft: 10 };
    return HttpResponse.json({ enabled: true, recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] });
  }),
  http.get('/api/auth/sessions', () =>
    HttpResponse.json({ items: [{ id: 1, device: 'Firefox på Linux', ip: null, created_at: '2026-11-01T10:00:00Z', last_seen_at: '2026-11-24T10:00:00Z', current: true }] }),
  ),
  http.post('/api/auth/reset-password', async ({ request }) => {
    calls.push({ path: 'password', body: await request.json() });
    return HttpResponse.json({ message: 'Adgangskode ændret succesfuldt' });
  }),
  http.put('/api/users/profile', async ({ request }) => {
    const body = (await request.json()) as { name: string; phone: string | null };
    calls.push({ path: 'profile', body });
    return HttpResponse.json({ user: { ...karen, ...body, savedAddresses: [] }, message: 'Dine oplysninger er gemt' });
  }),
  http.get('/api/users/billing', () => HttpResponse.json({ billing: currentBilling })),
  http.get('/api/users/billing-changes/me', () => HttpResponse.json({ change: ownChange })),
  http.post('/api/users/billing-changes', async ({ request }) => {
    calls.push({ path: 'billing-change', body: await request.json() });
    return HttpResponse.json({ id: 1, status: 'pending' }, { status: 201 });
  }),
  http.get('/api/cvr/:cvr', ({ params }) =>
    params.cvr === '12345674'
      ? HttpResponse.json({ cvrNumber: '12345674', name: 'Fragt Test ApS', address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', status: 'Aktiv' })
      : HttpResponse.json({ code: 'cvr_not_found', message: 'Kunne ikke finde CVR-nummer' }, { status: 404 }),
  ),
);

beforeEach(() => {
  calls.length = 0;
  currentBilling = emptyBilling;
  ownChange = null;
  twoFactor = { enabled: false, pending: false, recoveryCodesLeft: 0 };
});

describe('profile page', () => {
  it('when a customer opens it, then profile, security, billing and payments tabs show, no bank or insurance, and nothing says kommer snart', async () => {
    setSession(karen);
    renderApp('/profile');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Profil', 'Sikkerhed', 'Fakturering', 'Betalinger']);
    expect(screen.queryByText(/kommer snart/)).toBeNull();
  });

  it('when a customer moves through the tabs with the arrow keys, then the next tab opens (one strip of tabs that scrolls on a phone)', async () => {
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile');
    const list = screen.getByRole('tablist', { name: 'Profilens faner' });
    expect(list.classList.contains('fb-tabs')).toBe(true);
    await user.click(within(list).getByRole('tab', { name: 'Profil' }));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('tabpanel', { name: 'Sikkerhed' })).toBeTruthy();
    expect(within(list).getByRole('tab', { name: 'Sikkerhed' }).getAttribute('aria-selected')).toBe('true');
    // jsdom applies no media queries: on a phone the tabs are narrower, so a customer's four fit on one line at 390 px.
    const css = readFileSync(resolve(process.cwd(), 'src/features/profile/profile.css'), 'utf8');
    expect(css.slice(css.indexOf('@media (max-width: 640px)'))).toMatch(/\.profile-tabs \.fb-tabs__tab \{\s*padding: 0 var\(--fb-space-1\);\s*font-size: var\(--fb-text-sm\);/);
  });

  it('when a customer corrects name and phone, then a bad phone or blank name is refused in Danish and nothing is sent; a good one is saved and shown', async () => {
    setSession({ ...karen, phone: null });
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Navn og telefon' });
    const name = within(form).getByLabelText(/^Navn/);
    const phone = within(form).getByLabelText(/^Telefon/);
    expect((name as HTMLInputElement).value).toBe('Karen Kunde');

    await user.clear(name);
    await user.type(phone, 'ring efter kl. 16');
    await user.click(within(form).getByRole('button', { name: 'Gem' }));
    expect(await within(form).findByText(messages.nameRequired)).toBeTruthy();
    expect(within(form).getByText(messages.contactPhoneInvalid)).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(name, 'Karen Kundesen');
    await user.clear(phone);
    await user.type(phone, '+45 22 33 44 55');
    await user.click(within(form).getByRole('button', { name: 'Gem' }));
    expect(await within(form).findByText('Dine oplysninger er gemt')).toBeTruthy();
    expect(calls).toEqual([{ path: 'profile', body: { name: 'Karen Kundesen', phone: '+45 22 33 44 55' } }]);
    const details = screen.getByRole('region', { name: 'Dine oplysninger' });
    expect(within(details).getByText('Karen Kundesen')).toBeTruthy();
    expect(within(details).getByText('+45 22 33 44 55')).toBeTruthy();
  });

  it('when the session runs out while name and phone are being changed, then the page asks to log in again and after logging in the typed values are still there', async () => {
    setSession({ ...karen, phone: null });
    const user = userEvent.setup();
    server.use(http.put('/api/users/profile', () => HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })));
    const first = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Navn og telefon' });
    await user.clear(within(form).getByLabelText(/^Navn/));
    await user.type(within(form).getByLabelText(/^Navn/), 'Karen Kundesen');
    await user.type(within(form).getByLabelText(/^Telefon/), '+45 22 33 44 55');
    await user.click(within(form).getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Session udløbet – log ind igen', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Navn og telefon' })).toBeNull();
    first.unmount();

    setSession({ ...karen, phone: null }); // logged in again
    renderApp('/profile');
    const again = await screen.findByRole('form', { name: 'Navn og telefon' });
    expect((within(again).getByLabelText(/^Navn/) as HTMLInputElement).value).toBe('Karen Kundesen');
    expect((within(again).getByLabelText(/^Telefon/) as HTMLInputElement).value).toBe('+45 22 33 44 55');
  });

  it('when a carrier opens it, then finances, bank, insurance, CVR and load-alert tabs are there too', async () => {
    setSession(viggo);
    await renderAppAsync('/profile');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profil', 'Sikkerhed', 'Fakturering', 'Økonomi', 'Bank', 'Forsikring', 'CVR', 'Køretøjer', 'Jobalarmer']);
  });

  it('when the new passwords differ, then Adgangskoder matcher ikke; when they match, then the change is sent', async () => {
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile?tab=security');
    await user.type(screen.getByLabelText(/^Nuværende adgangskode/), 'gammel-kode');
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'kort');
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'andet');
    await user.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    expect(screen.getByText('Adgangskode skal være mindst 6 tegn')).toBeTruthy();
    expect(screen.getByText('Adgangskoder matcher ikke')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Ny adgangskode/));
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'ny-kode-1');
    await user.clear(screen.getByLabelText(/^Bekræft ny adgangskode/));
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'ny-kode-1');
    await user.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    // A saved change reads as success (green), not as the amber note that looks like a warning.
    expect((await screen.findByText('Adgangskode ændret succesfuldt')).className).toBe('fb-form-success');
    expect(calls).toEqual([{ path: 'password', body: { currentPassword: 'gammel-kode', newPassword: 'ny-kode-1' } }]);
  });

  it('when the security tab opens, then each session shows its device and when it started; after a password change the list is asked for again', async () => {
    let sessions = [
      { id: 1, device: 'Firefox på Linux', ip: null, created_at: '2026-11-01T10:00:00Z', last_seen_at: '2026-11-24T10:00:00Z', current: true },
      { id: 2, device: 'Chrome på Windows', ip: '198.51.100.7', created_at: '2026-11-20T08:30:00Z', last_seen_at: '2026-11-23T09:00:00Z', current: false },
    ];
    server.use(
      http.get('/api/auth/sessions', () => HttpResponse.json({ items: sessions })),
      http.post('/api/auth/reset-password', () => {
        sessions = sessions.filter((session) => session.current); // the service ends the other sessions
        return HttpResponse.json({ message: 'Adgangskode ændret succesfuldt' });
      }),
    );
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile?tab=security');
    const list = await screen.findByRole('list', { name: 'Andre sessioner' });
    const other = within(list).getByRole('listitem');
    expect(other.textContent).toContain('Chrome på Windows');
    expect(other.textContent).toContain(`logget ind ${formatDateTime('2026-11-20T08:30:00Z')}`);
    const current = screen.getByText('(denne enhed)').closest('p')!;
    expect(current.textContent).toContain(`Firefox på Linux · logget ind ${formatDateTime('2026-11-01T10:00:00Z')}`);

    await user.type(screen.getByLabelText(/^Nuværende adgangskode/), 'gammel-kode');
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'ny-kode-1');
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'ny-kode-1');
    await user.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    expect(await screen.findByText('Du er ikke logget ind andre steder.')).toBeTruthy();
    expect(screen.queryByText('Chrome på Windows')).toBeNull();
  });

  it('when two-factor is set up, then the three steps: start, QR and secret awaiting a code, enabled with recovery codes', async () => {
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile?tab=security');
    await user.click(await screen.findByRole('button', { name: 'Slå totrinsbekræftelse til' }));
    expect(await screen.findByAltText('QR-kode til autentifikator-app')).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Kode fra appen/), '12');
    await user.click(screen.getByRole('button', { name: 'Slå til' }));
    expect(screen.getByText('Indtast 6-cifret kode fra din autentifikator-app.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Kode fra appen/));
    await user.type(screen.getByLabelText(/^Kode fra appen/), '123456');
    await user.click(screen.getByRole('button', { name: 'Slå til' }));
    expect(await screen.findByText('abcde-fghjk')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Totrinsbekræftelse er slået til/)).toBeTruthy());
    expect(calls).toContainEqual({ path: 'enable', body: { code: '123456' } });
    expect(screen.getByText('Firefox på Linux')).toBeTruthy();
  });

  it("when a carrier looks up a CVR and submits, then the change goes for approval with 'Ændringer sendt til godkendelse'", async () => {
    setSession(viggo);
    const user = userEvent.setup();
    await renderAppAsync('/profile?tab=billing');
    await user.type(await screen.findByLabelText(/^CVR-nummer/), '12345674');
    await user.click(screen.getByRole('button', { name: 'Slå op' }));
    await waitFor(() => expect((screen.getByLabelText(/^Firma/) as HTMLInputElement).value).toBe('Fragt Test ApS'));
    await user.clear(screen.getByLabelText(/^Postnummer/));
    await user.type(screen.getByLabelText(/^Postnummer/), '80');
    await user.click(screen.getByRole('button', { name: 'Send til godkendelse' }));
    expect(screen.getByText('Postnummer skal være 4 cifre')).toBeTruthy();
    expect(screen.getByText('Ret venligst fejl i formularen')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Postnummer/));
    await user.type(screen.getByLabelText(/^Postnummer/), '8000');
    await user.click(screen.getByRole('button', { name: 'Send til godkendelse' }));
    expect((await screen.findByText('Ændringer sendt til godkendelse')).className).toBe('fb-form-success');
    expect(calls).toEqual([
      {
        path: 'billing-change',
        body: { data: { company: 'Fragt Test ApS', cvrNumber: '12345674', address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', country: 'Danmark' } },
      },
    ]);
  });

  it('when a carrier comes back while a billing change awaits approval, then the form shows the values sent, not the old ones', async () => {
    setSession(viggo);
    currentBilling = { ...emptyBilling, company: 'Viggos Transport ApS', city: 'Odense C' };
    const sent = { company: 'Ærø Fragt ApS', cvrNumber: '12345674', address: 'Åbenrågade 12', postalCode: '6200', city: 'Aabenraa', country: 'Danmark' };
    ownChange = { status: 'pending', data: sent };
    await renderAppAsync('/profile?tab=billing');
    await waitFor(() => expect((screen.getByLabelText(/^Firma/) as HTMLInputElement).value).toBe('Ærø Fragt ApS'));
    expect((screen.getByLabelText(/^CVR-nummer/) as HTMLInputElement).value).toBe('12345674');
    expect((screen.getByLabelText(/^By/) as HTMLInputElement).value).toBe('Aabenraa');
    expect(screen.getByText('Seneste ændring: Afventer godkendelse')).toBeTruthy();
  });
});
