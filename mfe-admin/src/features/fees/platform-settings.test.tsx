import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, fakeUsersApi } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';
import { fakeTaskTypesApi } from '../../testing/fake-task-types-api';
import { LOCAL_SETTINGS_KEY } from './local-settings';

const server = setupApiServer();
let ledger: ReturnType<typeof fakeLedgerApi>;

beforeEach(() => {
  localStorage.clear();
  ledger = fakeLedgerApi({ settings: { updatedAt: '2026-02-20T08:15:00.000Z' } });
  server.use(...fakeUsersApi([admin]).handlers, ...ledger.handlers, ...fakeTaskTypesApi().handlers);
  setSession(admin);
});

const settingsCard = () => screen.getByRole('region', { name: 'Platformsindstillinger' });
const field = (name: string) => within(settingsCard()).getByRole('textbox', { name });
const saveButton = () => within(settingsCard()).getByRole('button', { name: 'Gem indstillinger' });

async function retype(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.clear(field(name));
  if (text) await user.type(field(name), text);
}

const unavailable = () => HttpResponse.json({ code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.' }, { status: 503 });

describe('fees tab: platform settings', () => {
  it('shows the tab with the current settings in the form', async () => {
    renderAdmin('/AdminDashboard?tab=fees');
    expect(screen.getByRole('heading', { level: 2, name: 'Gebyrhåndtering' })).toBeTruthy();
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));
    expect((field('Fast gebyr (DKK)') as HTMLInputElement).value).toBe('20');
    expect((field('Minimumsgebyr (DKK)') as HTMLInputElement).value).toBe('30');
    expect((field('Moms (%)') as HTMLInputElement).value).toBe('25');
    expect((field('Max antal bud pr. opgave') as HTMLInputElement).value).toBe('5');
    expect(within(settingsCard()).getByText(/Nu: 20,00 DKK/)).toBeTruthy();
    expect(within(settingsCard()).getByText(/Sidst ændret/)).toBeTruthy();
  });

  it('checks every field and shows the Danish message beside it; nothing is sent while any is wrong', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));

    await retype(user, 'Gebyrprocent (%)', '101');
    await retype(user, 'Fast gebyr (DKK)', '-1');
    await retype(user, 'Minimumsgebyr (DKK)', '');
    await retype(user, 'Moms (%)', 'abc');
    await retype(user, 'Max antal bud pr. opgave', '0');
    await user.click(saveButton());

    const card = settingsCard();
    expect(within(card).getByRole('textbox', { name: 'Gebyrprocent (%)', description: /Gebyrprocent skal være et tal mellem 0 og 100/ })).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Fast gebyr (DKK)', description: /Fast gebyr skal være et beløb på 0 eller mere/ })).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Minimumsgebyr (DKK)', description: /Minimumsgebyr skal være et beløb på 0 eller mere/ })).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Moms (%)', description: /Momsprocent skal være et tal mellem 0 og 100/ })).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Max antal bud pr. opgave', description: /Max antal bud skal være et helt tal på mindst 1/ })).toBeTruthy();
    expect(field('Max antal bud pr. opgave').getAttribute('aria-invalid')).toBe('true');
    expect(within(card).getByRole('alert').textContent).toBe('Ret venligst fejl i formularen');

    await retype(user, 'Max antal bud pr. opgave', '2,5');
    await user.click(saveButton());
    expect(within(card).getByRole('textbox', { name: 'Max antal bud pr. opgave', description: /Max antal bud skal være et helt tal på mindst 1/ })).toBeTruthy();
    expect(ledger.requests.filter((line) => line.startsWith('PUT'))).toEqual([]);
  });

  it("when a fee is huge (99999999999 or 1e12), then 'Beløbet er for stort (højst 1.000.000 DKK)' and 'Nu:' keeps the saved fee", async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));

    await retype(user, 'Fast gebyr (DKK)', '99999999999');
    await retype(user, 'Minimumsgebyr (DKK)', '1e12');
    await user.click(saveButton());

    const card = settingsCard();
    const fixedFee = within(card).getByRole('textbox', { name: 'Fast gebyr (DKK)', description: /Beløbet er for stort \(højst 1\.000\.000 DKK\)/ });
    const minFee = within(card).getByRole('textbox', { name: 'Minimumsgebyr (DKK)', description: /Beløbet er for stort \(højst 1\.000\.000 DKK\)/ });
    expect(fixedFee.getAttribute('aria-invalid')).toBe('true');
    expect(minFee.getAttribute('aria-invalid')).toBe('true');
    expect(within(card).queryByText(/0 eller mere$/)).toBeNull();
    expect(within(card).getByText(/Nu: 20,00 DKK\./)).toBeTruthy();
    expect(within(card).getByText(/Nu: 30,00 DKK\./)).toBeTruthy();
    expect(within(card).queryByText(/99\.999\.999\.999/)).toBeNull();
    expect(ledger.requests.filter((line) => line.startsWith('PUT'))).toEqual([]);
  });

  it('reads thousands separators the Danish way: 1.234,50 is 1234.5', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));

    await retype(user, 'Fast gebyr (DKK)', '1.234,50');
    await retype(user, 'Minimumsgebyr (DKK)', '1 000');
    await user.click(saveButton());

    expect(await within(settingsCard()).findByText('Indstillingerne er gemt.')).toBeTruthy();
    expect(ledger.bodies['PUT /admin/platform-settings']).toMatchObject({ fixedFee: 1234.5, minFee: 1000 });
  });

  it('saves valid settings (Danish decimal comma accepted) and says so', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));

    await retype(user, 'Gebyrprocent (%)', '12,5');
    await retype(user, 'Fast gebyr (DKK)', '1234,5');
    await retype(user, 'Minimumsgebyr (DKK)', '0');
    await retype(user, 'Moms (%)', '25');
    await retype(user, 'Max antal bud pr. opgave', '8');
    // 'Nu:' is the fee in effect until it is saved.
    expect(within(settingsCard()).getByText(/Nu: 20,00 DKK/)).toBeTruthy();
    await user.click(saveButton());

    expect(await within(settingsCard()).findByText('Indstillingerne er gemt.')).toBeTruthy();
    expect(within(settingsCard()).getByText(/Nu: 1\.234,50 DKK/)).toBeTruthy();
    expect(ledger.bodies['PUT /admin/platform-settings']).toEqual({ feePercentage: 12.5, fixedFee: 1234.5, vatPercentage: 25, minFee: 0, maxBids: 8 });
    expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('12,5');
    expect(localStorage.getItem(LOCAL_SETTINGS_KEY)).toBeNull();
  });

  it('shows the server’s field message when it refuses a value', async () => {
    server.use(
      http.put('/api/admin/platform-settings', () =>
        HttpResponse.json(
          { code: 'invalid_input', message: 'Procentsatsen må højst have to decimaler', details: [{ path: 'vatPercentage', message: 'Procentsatsen må højst have to decimaler' }] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Moms (%)') as HTMLInputElement).value).toBe('25'));
    await user.click(saveButton());
    expect(await within(settingsCard()).findByRole('textbox', { name: 'Moms (%)', description: /Procentsatsen må højst have to decimaler/ })).toBeTruthy();
    expect(within(settingsCard()).getByRole('alert').textContent).toBe('Kunne ikke opdatere indstillinger');
  });

  it("says 'Session udløbet – log ind igen' when the session ran out before saving, and keeps what was typed", async () => {
    server.use(
      http.put('/api/admin/platform-settings', () => HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Fast gebyr (DKK)') as HTMLInputElement).value).toBe('20'));
    await retype(user, 'Fast gebyr (DKK)', '22,75');
    await user.click(saveButton());
    expect((await within(settingsCard()).findByRole('alert')).textContent).toBe('Session udløbet – log ind igen');
    expect((field('Fast gebyr (DKK)') as HTMLInputElement).value).toBe('22,75');
  });

  it('says "Kunne ikke hente indstillinger" when the settings cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/platform-settings', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'fejl' }, { status: 500 }) : undefined;
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    const alert = await within(settingsCard()).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente indstillinger');
    await user.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));
  });

  it('keeps the settings in this browser with a notice when the fee API answers 503, and offers them once it is back', async () => {
    let down = true;
    server.use(
      http.get('/api/admin/platform-settings', () => (down ? unavailable() : undefined)),
      http.put('/api/admin/platform-settings', () => (down ? unavailable() : undefined)),
    );
    const user = userEvent.setup();
    const first = renderAdmin('/AdminDashboard?tab=fees');

    const note = await within(settingsCard()).findByText(/gebyr-API'et er ikke tilgængeligt/);
    expect(note.textContent).toContain('Kunne ikke hente indstillinger');
    expect(settingsCard().textContent).toContain('standardværdier');
    expect(settingsCard().textContent).toContain('gemmes ændringer kun i denne browser');
    expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10');

    await retype(user, 'Gebyrprocent (%)', '15');
    await user.click(saveButton());
    expect(await within(settingsCard()).findByText('Kunne ikke opdatere indstillinger på serveren. Ændringerne er kun gemt i denne browser.')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(LOCAL_SETTINGS_KEY)!).settings).toEqual({ feePercentage: 15, fixedFee: 20, vatPercentage: 25, minFee: 30, maxBids: 5 });
    expect(settingsCard().textContent).toContain('gemt i denne browser');

    // Another visit while the API is still down shows the kept values, said to be local.
    first.unmount();
    const second = renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('15'));
    expect(settingsCard().textContent).toContain('Du ser de indstillinger, der blev gemt i denne browser');

    // The API is back: the server's values are shown and the local ones offered, not applied silently.
    down = false;
    second.unmount();
    renderAdmin('/AdminDashboard?tab=fees');
    await waitFor(() => expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('10'));
    expect(settingsCard().textContent).toContain('Der ligger ikke-gemte indstillinger i denne browser.');
    await user.click(within(settingsCard()).getByRole('button', { name: 'Indsæt de lokale værdier' }));
    expect((field('Gebyrprocent (%)') as HTMLInputElement).value).toBe('15');
    await user.click(saveButton());
    expect(await within(settingsCard()).findByText('Indstillingerne er gemt.')).toBeTruthy();
    expect(ledger.settings().feePercentage).toBe(15);
    expect(localStorage.getItem(LOCAL_SETTINGS_KEY)).toBeNull();
    expect(settingsCard().textContent).not.toContain('ikke-gemte indstillinger');
  });

  it('treats a network failure like an unavailable fee API', async () => {
    server.use(http.get('/api/admin/platform-settings', () => HttpResponse.error()));
    renderAdmin('/AdminDashboard?tab=fees');
    expect(await within(settingsCard()).findByText(/gebyr-API'et er ikke tilgængeligt/)).toBeTruthy();
    expect(saveButton()).toBeTruthy();
  });
});
