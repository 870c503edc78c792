import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { useSession } from '@fragtbud/web';
import { makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { BankPanel } from './bank-panel';

const server = setupApiServer();
const viggo = makeUser({ id: 3, name: 'Viggo Vognmand', role: 'carrier' });
let savedBank = { bankReg: '1234', bankAccount: '0011223344' };
const sent: unknown[] = [];

beforeEach(() => {
  sessionStorage.clear();
  sent.length = 0;
  savedBank = { bankReg: '1234', bankAccount: '0011223344' };
  setSession(viggo);
  server.use(http.get('/api/users/bank-info', () => HttpResponse.json(savedBank)));
});

const field = (form: HTMLElement, label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;

describe('Bank', () => {
  it('when the session runs out while bank details are typed, then after logging in again (or a reload) they are still there, and gone once saved', async () => {
    server.use(http.put('/api/users/bank-info', () => HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })));
    const user = userEvent.setup();
    const first = renderWithProviders(<BankPanel />);
    const form = await screen.findByRole('form', { name: 'Bankoplysninger' });
    expect(field(form, /^Reg.nr./).value).toBe('1234');
    await user.clear(field(form, /^Reg.nr./));
    await user.type(field(form, /^Reg.nr./), '9876');
    await user.clear(field(form, /^Kontonummer/));
    await user.type(field(form, /^Kontonummer/), '5556667778');
    await user.click(within(form).getByRole('button', { name: 'Gem bankoplysninger' }));
    // The session is marked expired: the shell then asks to log in again ('Session udløbet – log ind igen').
    await waitFor(() => expect(useSession.getState().expired).toBe(true));
    first.unmount();

    setSession(viggo); // logged in again
    server.use(
      http.put('/api/users/bank-info', async ({ request }) => {
        savedBank = (await request.json()) as typeof savedBank;
        sent.push(savedBank);
        return HttpResponse.json(savedBank);
      }),
    );
    const second = renderWithProviders(<BankPanel />);
    const again = await screen.findByRole('form', { name: 'Bankoplysninger' });
    expect(field(again, /^Reg.nr./).value).toBe('9876');
    expect(field(again, /^Kontonummer/).value).toBe('5556667778');
    await user.click(within(again).getByRole('button', { name: 'Gem bankoplysninger' }));
    expect(await within(again).findByText(messages.bankUpdated)).toBeTruthy();
    expect(sent).toEqual([{ bankReg: '9876', bankAccount: '5556667778' }]);
    second.unmount();

    // Saved: no draft is left, the next visit shows what the server holds.
    savedBank = { bankReg: '1111', bankAccount: '2222222222' };
    renderWithProviders(<BankPanel />);
    const third = await screen.findByRole('form', { name: 'Bankoplysninger' });
    expect(field(third, /^Reg.nr./).value).toBe('1111');
  });

  it("when another carrier signs in on the same tab, then the first one's typed draft is not shown", async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<BankPanel />);
    const form = await screen.findByRole('form', { name: 'Bankoplysninger' });
    await user.clear(field(form, /^Reg.nr./));
    await user.type(field(form, /^Reg.nr./), '9876');
    first.unmount();

    setSession(makeUser({ id: 4, role: 'carrier' }));
    renderWithProviders(<BankPanel />);
    expect(field(await screen.findByRole('form', { name: 'Bankoplysninger' }), /^Reg.nr./).value).toBe('1234');
  });

  it('when the reg.nr. is not four digits, then the contract schema says so beside the field and nothing is sent', async () => {
    server.use(
      http.put('/api/users/bank-info', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<BankPanel />);
    const form = await screen.findByRole('form', { name: 'Bankoplysninger' });
    await user.clear(field(form, /^Reg.nr./));
    await user.type(field(form, /^Reg.nr./), '12');
    await user.click(within(form).getByRole('button', { name: 'Gem bankoplysninger' }));
    const regNr = field(form, /^Reg.nr./);
    expect(regNr.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${regNr.id}-error`)?.textContent).toBe(messages.bankRegInvalid);
    expect(sent).toEqual([]);
  });
});
