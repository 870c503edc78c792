import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';
import { fakeTaskTypesApi } from '../../testing/fake-task-types-api';
import { admin, approvedCarrier, customer, fakeUsersApi } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';
import { fakeFinanceApi, ledgerRow } from '../../testing/fake-finance-api';
import { forgetWidthsAfterEach, givenWidths } from '../../testing/fake-widths';

const server = setupApiServer(...fakeLedgerApi().handlers, ...fakeTaskTypesApi().handlers);
let finance: ReturnType<typeof fakeFinanceApi>;

beforeEach(() => {
  finance = fakeFinanceApi([
    ledgerRow({ type: 'transaction', id: 1 }),
    ledgerRow({ type: 'payout', id: 9, label: 'Udbetaling (afventer)', status: 'pending', amount: 1125, carrierPayoutGross: null, carrierPayoutNet: null, platformCommission: null, vatTotal: 225, payoutType: 'carrier', payoutId: 9, payment_id: null, bid_id: null, customer_id: null, task_id: null }),
    ledgerRow({ type: 'adjustment', id: 4, label: 'Justering', status: 'applied', amount: -50, carrier_id: 8, carrier_name: null, reason: 'Skade' }),
  ]);
  server.use(...fakeUsersApi([admin, customer, approvedCarrier]).handlers, ...finance.handlers);
  setSession(admin);
});

const table = () => screen.getByRole('table');

describe('admin ledger tab', () => {
  it('lists every row type with its label, and the CSV link carries the filters', async () => {
    renderAdmin('/AdminDashboard?tab=ledger&carrierId=7');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(within(table()).getByText('Betaling')).toBeTruthy();
    expect(within(table()).getByText('Udbetaling (afventer)')).toBeTruthy();
    expect(finance.requests.at(-1)?.searchParams.get('carrierId')).toBe('7');
    expect((within(screen.getByRole('form', { name: 'Filtrér ledger' })).getByLabelText('Carrier') as HTMLInputElement).value).toBe('7');
    const csv = screen.getByRole('link', { name: 'Download CSV (admin_ledger)' });
    expect(csv.getAttribute('href')).toBe('/api/finance/ledger.csv?carrierId=7');
  });

  it('names the carrier and customer of each row, linking to the ledger filtered to them; never their numbers', async () => {
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    const [payment, , adjustment] = within(table()).getAllByRole('row').slice(1);
    expect(within(payment!).getByRole('link', { name: 'Lars Hansen (Hansen Fragt ApS)' }).getAttribute('href')).toBe('/AdminDashboard?tab=ledger&carrierId=7');
    expect(within(payment!).getByRole('link', { name: 'Karen Jensen' }).getAttribute('href')).toBe('/AdminDashboard?tab=ledger&customerId=3');
    expect(within(adjustment!).getByRole('link', { name: 'Vognmand (navn ukendt)' })).toBeTruthy();
    for (const cell of within(table()).getAllByRole('cell')) expect(cell.textContent).not.toMatch(/^[378]$/);
  });

  it('when the admin follows a carrier’s name, then the Carrier ID field shows that filter with the carrier’s name under it', async () => {
    finance = fakeFinanceApi([ledgerRow({ type: 'transaction', id: 1, carrier_id: 3, carrier_name: 'Viggo Vognmand (Viggos Transport ApS)' })]);
    server.use(...finance.handlers);
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await within(await screen.findByRole('table')).findByRole('link', { name: 'Viggo Vognmand (Viggos Transport ApS)' }));
    expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=ledger&carrierId=3');
    const filters = screen.getByRole('form', { name: 'Filtrér ledger' });
    expect((within(filters).getByLabelText('Carrier') as HTMLInputElement).value).toBe('3');
    expect(await within(filters).findByText('Viggo Vognmand (Viggos Transport ApS)')).toBeTruthy();
    await user.click(within(filters).getByRole('button', { name: 'Nulstil' }));
    expect((within(filters).getByLabelText('Carrier') as HTMLInputElement).value).toBe('');
  });

  it('when the admin filters by type, then the URL and the request say so', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    await user.selectOptions(screen.getByLabelText('Type'), 'payout');
    await user.click(screen.getByRole('button', { name: 'Filtrér' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=ledger&type=payout');
  });

  it("when the admin marks a waiting payout paid with a reference, then it reads 'Udbetalt'", async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger&type=payout');
    await user.type(await screen.findByLabelText('Reference for udbetaling 9'), 'BANK-77');
    await user.click(screen.getByRole('button', { name: 'Markér som udbetalt' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Markér udbetalingen som udbetalt?' })).getByRole('button', { name: 'Markér som udbetalt' }));
    await waitFor(() => expect(within(table()).getAllByText('Udbetalt')).toHaveLength(2)); // its label and its status
    expect(finance.marked).toEqual([{ id: 9, body: { status: 'paid', providerRef: 'BANK-77' } }]);
    expect(within(table()).getByText('Reference: BANK-77')).toBeTruthy();
  });

  it("asks before marking a payout paid, naming the amount, the carrier and the reference; 'Annuller' sends nothing", async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger&type=payout');
    await user.type(await screen.findByLabelText('Reference for udbetaling 9'), 'BANK-77');
    await user.click(screen.getByRole('button', { name: 'Markér som udbetalt' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Markér udbetalingen som udbetalt?' });
    expect(dialog.textContent).toContain(
      'Udbetalingen på 1.125,00 DKK til Lars Hansen (Hansen Fragt ApS) registreres som udbetalt med reference BANK-77. Det kan ikke fortrydes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(finance.marked).toEqual([]);
  });

  it("sends one PUT for a double click on the confirming 'Markér som udbetalt'", async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger&type=payout');
    await user.click(await screen.findByRole('button', { name: 'Markér som udbetalt' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Markér udbetalingen som udbetalt?' })).getByRole('button', { name: 'Markér som udbetalt' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(within(table()).getAllByText('Udbetalt')).toHaveLength(2));
    expect(finance.marked).toEqual([{ id: 9, body: { status: 'paid' } }]);
  });

  it('shows each status in Danish and a provider id only as a labelled reference, never in the action column', async () => {
    finance = fakeFinanceApi([
      ledgerRow({ type: 'transaction', id: 1, providerRef: 'mock_pi_f5295eae03f51a1224fe921c' }),
      ledgerRow({ type: 'payout', id: 9, label: 'Udbetaling (afventer)', status: 'pending', payoutType: 'carrier', payoutId: 9 }),
      ledgerRow({ type: 'adjustment', id: 4, label: 'Justering', status: 'applied', amount: -50 }),
    ]);
    server.use(...finance.handlers);
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    const [payment, payout, adjustment] = within(table()).getAllByRole('row').slice(1);
    const statusOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!;
    const actionOf = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)!;
    expect(statusOf(payment!).textContent).toBe('GennemførtReference: mock_pi_f5295eae03f51a1224fe921c');
    expect(actionOf(payment!).textContent).toBe('');
    expect(statusOf(payout!).textContent).toBe('Afventer');
    expect(statusOf(adjustment!).textContent).toBe('Anvendt');
    for (const cell of within(table()).getAllByRole('cell')) expect(cell.textContent).not.toMatch(/succeeded|pending|applied/);
  });

  it('names a task by its type and route when the ledger knows them, by its number otherwise; both link to the task', async () => {
    finance = fakeFinanceApi([
      ledgerRow({ type: 'transaction', id: 1, task_id: 2, task_title: 'Møbeltransport · Roskilde → København V' }),
      ledgerRow({ type: 'transaction', id: 3, task_id: 41, task_title: null }),
    ]);
    server.use(...finance.handlers);
    renderAdmin('/AdminDashboard?tab=ledger');
    expect((await within(await screen.findByRole('table')).findByRole('link', { name: 'Møbeltransport · Roskilde → København V' })).getAttribute('href')).toBe('/task/2');
    expect(within(table()).getByRole('link', { name: '#41' }).getAttribute('href')).toBe('/task/41');
  });

  it('when the admin pages on, then the next rows are scrolled into view from their top', async () => {
    server.use(http.get('/api/finance/ledger', ({ request }) => HttpResponse.json({ items: [ledgerRow({ type: 'transaction', id: Number(new URL(request.url).searchParams.get('page') ?? 1) })], total: 45, page: 1, limit: 20 })));
    const scrolled: Element[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value(this: HTMLElement) { scrolled.push(this); } });
    try {
      const user = userEvent.setup();
      renderAdmin('/AdminDashboard?tab=ledger');
      await screen.findByText('Side 1 af 3');
      expect(scrolled).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Næste' }));
      await screen.findByText('Side 2 af 3');
      await waitFor(() => expect(scrolled.map((element) => element.textContent)).toEqual(['Viser 1 af 45 rækker']));
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });

  it('filters by a status chosen by its Danish word', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    await user.selectOptions(screen.getByLabelText('Status'), 'Afventer');
    await user.click(screen.getByRole('button', { name: 'Filtrér' }));
    await waitFor(() => expect(finance.requests.at(-1)?.searchParams.get('status')).toBe('pending'));
  });
});

describe('admin financial overview tab', () => {
  it('shows totals, the saldo with its CSV, revenue per month as a table, and carriers with pending money', async () => {
    renderAdmin('/AdminDashboard?tab=financial');
    expect(await screen.findByText('Omsætning i alt')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Omsætning pr. måned' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Omsætning pr. måned' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Lars Hansen (Hansen Fragt ApS)' }).getAttribute('href')).toBe('/AdminDashboard?tab=ledger&carrierId=7');
    expect(screen.queryByText('Carrier 7')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Platformens saldo' })).getByText('I alt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV (platform_balance)' }).getAttribute('href')).toBe('/api/admin/platform-saldo.csv');
  });

  it('keeps its wide tables in scroll boxes, so a phone scrolls the table, not the whole page', async () => {
    renderAdmin('/AdminDashboard?tab=financial');
    const months = await screen.findByRole('table', { name: 'Omsætning pr. måned' });
    expect(screen.getByRole('region', { name: 'Omsætning pr. måned' }).contains(months)).toBe(true);
    const pending = screen.getByRole('region', { name: 'Carriers med beløb til udbetaling' });
    expect(within(pending).getByRole('link', { name: 'Lars Hansen (Hansen Fragt ApS)' })).toBeTruthy();
  });

  it('names the months in Danish and never shows a negative zero', async () => {
    renderAdmin('/AdminDashboard?tab=financial');
    const months = await screen.findByRole('table', { name: 'Omsætning pr. måned' });
    expect(within(months).getByText('februar 2026')).toBeTruthy();
    expect(within(months).getByText('marts 2026')).toBeTruthy();
    expect(within(months).queryByText('2026-02')).toBeNull();
    const saldo = screen.getByRole('table', { name: 'Platformens saldo' });
    const payouts = within(saldo).getByRole('rowheader', { name: 'Platformudbetalinger' }).closest('tr')!;
    expect(within(payouts).getByRole('cell').textContent).toBe('0,00 DKK');
  });
});

/** Confirms the money question once it names its person (the button is disabled until then). */
async function confirm(user: ReturnType<typeof userEvent.setup>, title: string | RegExp, button: string | RegExp) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  const confirming = within(dialog).getByRole('button', { name: button }) as HTMLButtonElement;
  await waitFor(() => expect(confirming.disabled).toBe(false));
  await user.click(confirming);
}

/** The admin fills in 'Udbetaling til carrier' for carrier 3 and presses 'Opret udbetaling': the question opens. */
async function askCarrierPayout(amount: string) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/finance/payouts/carrier', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  const user = userEvent.setup();
  renderAdmin('/AdminDashboard?tab=ledger');
  await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
  const form = screen.getByRole('form', { name: 'Udbetaling til carrier' });
  await user.type(within(form).getByLabelText('Carrier'), '3');
  await user.type(within(form).getByLabelText('Beløb brutto (DKK)'), amount);
  await user.click(within(form).getByRole('button', { name: 'Opret udbetaling' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Opret udbetaling til carrier?' });
  return { sent, form, dialog, user };
}

/** Every money action's POST answered 201 and recorded; the ledger open with the actions, at the form titled `title`. */
async function openActionRecordingPosts(title: string) {
  const sent: Record<string, unknown>[] = [];
  const answer = async ({ request }: { request: Request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ id: 1 }, { status: 201 });
  };
  server.use(
    http.post('/api/finance/adjustments', answer),
    http.post('/api/finance/payouts/carrier', answer),
    http.post('/api/finance/payouts/platform', answer),
    http.post('/api/admin/charges', answer),
  );
  const user = userEvent.setup();
  renderAdmin('/AdminDashboard?tab=ledger');
  await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
  return { sent, user, form: screen.getByRole('form', { name: title }) };
}

describe('admin ledger actions', () => {
  it('titles each action form one level under the tab heading (h3 under h2, none skipped)', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Udbetaling til carrier' });
    expect(within(form).getByRole('heading', { level: 3, name: 'Udbetaling til carrier' })).toBeTruthy();
  });

  it('asks before money moves, naming the carrier by name and the amount; Annuller sends nothing', async () => {
    const { sent, form, dialog, user } = await askCarrierPayout('1.000,50');
    expect((await within(dialog).findByText(/udbetales/)).textContent).toBe(
      '1.000,50 DKK (brutto) udbetales til Viggo Vognmand (Viggos Transport ApS). Det kan ikke fortrydes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
    expect((within(form).getByLabelText('Beløb brutto (DKK)') as HTMLInputElement).value).toBe('1.000,50');
  });

  it('names the customer of an adjustment and an extra fee; an id of nobody or of a carrier cannot be confirmed', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Justering' });
    await user.type(within(form).getByLabelText('Kunde'), '2');
    await user.type(within(form).getByLabelText('Beløb (DKK, med fortegn)'), '-50,25');
    await user.type(within(form).getByLabelText('Begrundelse'), 'Skade');
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Opret justering?' });
    expect((await within(dialog).findByText(/Karen Kunde/)).textContent).toBe('Karen Kunde skylder platformen 50,25 DKK. Det kan ikke fortrydes.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));

    await user.clear(within(form).getByLabelText('Kunde'));
    await user.type(within(form).getByLabelText('Kunde'), '3');
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Opret justering?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Viggo Vognmand (Viggos Transport ApS) er ikke en kunde.');
    expect((within(dialog).getByRole('button', { name: 'Opret justering' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));

    const charge = screen.getByRole('form', { name: 'Ekstra gebyr på kundens kort' });
    await user.type(within(charge).getByLabelText('Opgave-id'), '41');
    await user.type(within(charge).getByLabelText('Kunde'), '99');
    await user.type(within(charge).getByLabelText('Beløb (DKK)'), '100');
    await user.type(within(charge).getByLabelText('Begrundelse'), 'Ekstra trappe');
    await user.click(within(charge).getByRole('button', { name: 'Træk gebyr' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Træk gebyr på kundens kort?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Der findes ingen bruger med id 99.');
    expect((within(dialog).getByRole('button', { name: 'Træk gebyr' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the admin makes an adjustment, then the body and an Idempotency-Key are sent and the server’s Danish refusal is shown', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/finance/adjustments', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push({ body, key: request.headers.get('idempotency-key') });
        if (body.taskId === '404') return HttpResponse.json({ code: 'task_not_found', message: 'Opgave ikke fundet' }, { status: 404 });
        return HttpResponse.json({ id: 1, amount: -20.5 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Justering' });
    await user.type(within(form).getByLabelText('Carrier'), '3');
    await user.type(within(form).getByLabelText('Beløb (DKK, med fortegn)'), '-20,50');
    await user.type(within(form).getByLabelText('Begrundelse'), 'Skade');
    await user.type(within(form).getByLabelText('Opgave-id (valgfrit)'), '404');
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    await confirm(user, 'Opret justering?', 'Opret justering');
    expect((await within(form).findByRole('alert')).textContent).toBe('Opgave ikke fundet');
    await user.clear(within(form).getByLabelText('Opgave-id (valgfrit)'));
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    await confirm(user, 'Opret justering?', 'Opret justering');
    expect((await within(form).findByRole('status')).textContent).toBe('Justering oprettet');
    expect(sent.map((s) => s.body)).toEqual([
      { carrierId: '3', amount: -20.5, reason: 'Skade', taskId: '404' },
      { carrierId: '3', amount: -20.5, reason: 'Skade' },
    ]);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
  });

  it.each<[string, Record<string, string>, string]>([
    ['Udbetaling til carrier', { Carrier: '3', 'Beløb brutto (DKK)': '0' }, 'Ugyldigt beløb'],
    ['Udbetaling til carrier', { 'Beløb brutto (DKK)': '100' }, 'Ugyldigt Carrier ID'],
    ['Platformudbetaling', { 'Beløb brutto (DKK)': '-5' }, 'Ugyldigt beløb'],
    ['Justering', { Carrier: '3', Kunde: '2', 'Beløb (DKK, med fortegn)': '10', Begrundelse: 'Bonus' }, 'Vælg enten en carrier eller en kunde – ikke begge'],
    ['Justering', { 'Beløb (DKK, med fortegn)': '10', Begrundelse: 'Bonus' }, 'Vælg enten en carrier eller en kunde – ikke begge'],
    ['Justering', { Carrier: '3', 'Beløb (DKK, med fortegn)': '0', Begrundelse: 'Bonus' }, 'Ugyldigt beløb'],
    ['Justering', { Carrier: '3', 'Beløb (DKK, med fortegn)': '10' }, 'Angiv en begrundelse'],
    ['Ekstra gebyr på kundens kort', { Kunde: '2', 'Beløb (DKK)': '100', Begrundelse: 'Trappe' }, 'Ugyldige felter'],
  ])('when "%s" breaks a server rule (%j), then "%s" is shown before any question and nothing is sent', async (title, typed, message) => {
    const { sent, user, form } = await openActionRecordingPosts(title);
    for (const [label, text] of Object.entries(typed)) await user.type(within(form).getByLabelText(label), text);
    await user.click(within(form).getByRole('button', { name: /^(Opret|Træk)/ }));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("when 'Beløbet er inkl. moms' is ticked on an adjustment, then vatIncluded: true is sent and the question says so; unticked, it is not sent", async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/finance/adjustments', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Justering' });
    const fill = async () => {
      await user.type(within(form).getByLabelText('Kunde'), '2');
      await user.type(within(form).getByLabelText('Beløb (DKK, med fortegn)'), '125');
      await user.type(within(form).getByLabelText('Begrundelse'), 'Kompensation');
    };
    await fill();
    await user.click(within(form).getByRole('checkbox', { name: 'Beløbet er inkl. moms' }));
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Opret justering?' });
    expect((await within(dialog).findByText(/Karen Kunde/)).textContent).toBe('Karen Kunde får 125,00 DKK inkl. moms. Det kan ikke fortrydes.');
    await confirm(user, 'Opret justering?', 'Opret justering');
    await within(form).findByRole('status');
    await fill();
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    await confirm(user, 'Opret justering?', 'Opret justering');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { customerId: '2', amount: 125, vatIncluded: true, reason: 'Kompensation' },
      { customerId: '2', amount: 125, reason: 'Kompensation' },
    ]);
  });

  it.each<[string, string, string, number, Record<string, string>]>([
    ['Justering', 'Beløb (DKK, med fortegn)', '1.500,75', 1500.75, { Carrier: '3', Begrundelse: 'Bonus' }],
    ['Justering', 'Beløb (DKK, med fortegn)', '-1.500,75', -1500.75, { Kunde: '2', Begrundelse: 'Skade' }],
    ['Udbetaling til carrier', 'Beløb brutto (DKK)', '2.000', 2000, { Carrier: '3' }],
    ['Platformudbetaling', 'Beløb brutto (DKK)', '1.234,5', 1234.5, {}],
    ['Ekstra gebyr på kundens kort', 'Beløb (DKK)', '1 250,00', 1250, { Kunde: '2', 'Opgave-id': '41', Begrundelse: 'Ekstra trappe' }],
  ])('when the admin types a Danish amount with thousands in "%s" and confirms, then it is sent as a number', async (title, label, typed, expected, ids) => {
    const { sent, user, form } = await openActionRecordingPosts(title);
    for (const [idLabel, id] of Object.entries(ids)) await user.type(within(form).getByLabelText(idLabel), id);
    await user.type(within(form).getByLabelText(label), typed);
    await user.click(within(form).getByRole('button', { name: /^(Opret|Træk)/ }));
    await confirm(user, /\?$/, /^(Opret|Træk)/);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]![label.startsWith('Beløb brutto') ? 'amountGross' : 'amount']).toBe(expected);
  });

  it('asks before making an Express account, naming the carrier; a customer’s id cannot be confirmed', async () => {
    const sent: { path: string; body: unknown }[] = [];
    server.use(
      http.post('/api/admin/users/:id/connected-account', async ({ request, params }) => {
        sent.push({ path: String(params.id), body: await request.json() });
        return HttpResponse.json({ url: 'https://connect.example/onboarding' });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Express-konto til carrier' });
    await user.type(within(form).getByLabelText('Carrier'), '2');
    await user.click(within(form).getByRole('button', { name: 'Opret Express-konto' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Opret Express-konto til carrier?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Karen Kunde er ikke en vognmand.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));

    await user.clear(within(form).getByLabelText('Carrier'));
    await user.type(within(form).getByLabelText('Carrier'), '3');
    await user.click(within(form).getByRole('button', { name: 'Opret Express-konto' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Opret Express-konto til carrier?' });
    expect((await within(dialog).findByText(/Express-konto til udbetalinger/)).textContent).toBe(
      'Viggo Vognmand (Viggos Transport ApS) får en Express-konto til udbetalinger hos betalingsudbyderen.',
    );
    await confirm(user, 'Opret Express-konto til carrier?', 'Opret Express-konto');
    expect((await within(form).findByRole('status')).textContent).toBe('Express-konto oprettet: https://connect.example/onboarding');
    expect(sent).toEqual([{ path: '3', body: {} }]);
  });

  it('keeps what was typed across a reload (the actions open with it) and forgets it once sent', async () => {
    const first = await askCarrierPayout('1.000,50');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Annuller' }));
    cleanup();

    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    const form = await screen.findByRole('form', { name: 'Udbetaling til carrier' });
    expect(form.closest('details')?.open).toBe(true);
    expect((within(form).getByLabelText('Carrier') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('Beløb brutto (DKK)') as HTMLInputElement).value).toBe('1.000,50');
    await user.click(within(form).getByRole('button', { name: 'Opret udbetaling' }));
    await confirm(user, 'Opret udbetaling til carrier?', 'Opret udbetaling');
    expect((await within(form).findByRole('status')).textContent).toBe('Udbetaling oprettet');
    expect(first.sent).toEqual([{ carrierId: '3', amountGross: 1000.5 }]);
    expect((within(form).getByLabelText('Beløb brutto (DKK)') as HTMLInputElement).value).toBe('');
    cleanup();
    renderAdmin('/AdminDashboard?tab=ledger');
    expect((await screen.findByRole('form', { name: 'Udbetaling til carrier' })).closest('details')?.open).toBe(false);
  });

  it("sends one request for a double click on the confirming 'Opret udbetaling'", async () => {
    const { sent, form, dialog } = await askCarrierPayout('2.000');
    await within(dialog).findByText(/Viggo Vognmand/);
    const submit = within(dialog).getByRole('button', { name: 'Opret udbetaling' });
    act(() => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it("when the amount cannot be read, then 'Ugyldigt beløb' is shown and nothing is sent", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/finance/adjustments', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Justering' });
    await user.type(within(form).getByLabelText('Beløb (DKK, med fortegn)'), '1.50,75');
    await user.click(within(form).getByRole('button', { name: 'Opret justering' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Ugyldigt beløb');
    expect(sent).toEqual([]);
  });
});

describe('admin ledger tab, wider than the screen', () => {
  // The widths of the QA tester's 1280 px screen.
  forgetWidthsAfterEach();

  it('says that more columns wait to the right, and keeps the action column (mark paid) in view', async () => {
    // A 1792 px table in a 1100 px panel.
    givenWidths({ scrollWidth: 1792, clientWidth: 1100 });
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    const region = screen.getByRole('region', { name: 'Ledger-rækker' });
    expect(region.contains(table())).toBe(true);
    expect(region.parentElement?.classList.contains('is-more-right')).toBe(true);
    expect(screen.getByText('Rul til siden for flere kolonner →')).toBeTruthy();
    expect(within(table()).getByRole('columnheader', { name: 'Handling' }).classList.contains('admin-ledger__action-cell')).toBe(true);
    const markPaid = within(table()).getByRole('button', { name: 'Markér som udbetalt' });
    expect(markPaid.closest('td')?.classList.contains('admin-ledger__action-cell')).toBe(true);
  });

  it('says nothing when every column fits', async () => {
    renderAdmin('/AdminDashboard?tab=ledger');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByText('Rul til siden for flere kolonner →')).toBeNull();
  });
});

describe('the person picker in the ledger', () => {
  it('when the admin searches a carrier by company and chooses them, then the list shows role and id and the payout names them', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/finance/payouts/carrier', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    await user.click(await screen.findByText('Handlinger: udbetalinger, justeringer og gebyrer'));
    const form = screen.getByRole('form', { name: 'Udbetaling til carrier' });
    await user.type(within(form).getByRole('combobox', { name: 'Carrier' }), 'viggos');
    const option = await within(form).findByRole('option', { name: /Viggo Vognmand \(Viggos Transport ApS\)/ });
    expect(option.textContent).toContain('Vognmand · #3');
    // Customers are not offered where a carrier is named.
    await user.clear(within(form).getByRole('combobox', { name: 'Carrier' }));
    await user.type(within(form).getByRole('combobox', { name: 'Carrier' }), 'karen');
    expect(await within(form).findByText("Ingen vognmænd matcher 'karen'.")).toBeTruthy();
    await user.clear(within(form).getByRole('combobox', { name: 'Carrier' }));
    await user.type(within(form).getByRole('combobox', { name: 'Carrier' }), 'viggo');
    await user.click(await within(form).findByRole('option', { name: /Viggo Vognmand/ }));
    expect((within(form).getByRole('combobox', { name: 'Carrier' }) as HTMLInputElement).value).toBe('Viggo Vognmand (Viggos Transport ApS)');
    expect((await within(form).findByText(/^Valgt:/)).textContent).toContain('Viggo Vognmand (Viggos Transport ApS) (Vognmand · #3');
    await user.type(within(form).getByLabelText('Beløb brutto (DKK)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Opret udbetaling' }));
    await confirm(user, 'Opret udbetaling til carrier?', 'Opret udbetaling');
    await waitFor(() => expect(sent).toEqual([{ carrierId: '3', amountGross: 500 }]));
  });

  it('when the admin filters the ledger by a customer chosen by name, then the request carries their id', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=ledger');
    const filters = await screen.findByRole('form', { name: 'Filtrér ledger' });
    await user.type(within(filters).getByRole('combobox', { name: 'Kunde' }), 'karen@');
    await user.click(await within(filters).findByRole('option', { name: /Karen Kunde/ }));
    await user.click(within(filters).getByRole('button', { name: 'Filtrér' }));
    await waitFor(() => expect(finance.requests.at(-1)?.searchParams.get('customerId')).toBe('2'));
    expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=ledger&customerId=2');
  });

  it('when the admin follows a link to an action with a person, then that form opens filled in with them, named', async () => {
    renderAdmin('/AdminDashboard?tab=ledger&action=adjustment&customerId=2&taskId=41');
    const form = await screen.findByRole('form', { name: 'Justering' });
    expect(form.closest('details')?.open).toBe(true);
    expect((within(form).getByRole('combobox', { name: 'Kunde' }) as HTMLInputElement).value).toBe('2');
    expect((await within(form).findByText(/^Valgt:/)).textContent).toContain('Karen Kunde');
    expect((within(form).getByLabelText('Opgave-id (valgfrit)') as HTMLInputElement).value).toBe('41');
    expect((within(form).getByRole('combobox', { name: 'Carrier' }) as HTMLInputElement).value).toBe('');
  });
});
