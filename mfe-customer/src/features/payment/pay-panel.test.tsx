import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Stripe } from '@stripe/stripe-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type PaymentIntentResponse } from '@fragtbud/contracts';
import { makeCustomerBid, makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { makeTask } from '../../testing/handlers';
import { PayPanel } from './pay-panel';
import type { StripeLoader } from './stripe-payment-form';

const server = setupApiServer();

const TASK_ID = 9;
const acceptedBid = makeCustomerBid({ id: 71, task_id: TASK_ID, carrier_name: 'Jens Kørsel', net: 1000, status: 'accepted' });

function mockIntent(overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  return {
    provider: 'mock',
    clientSecret: 'mock_pi_1_secret',
    paymentIntentId: 'mock_pi_1',
    amount: 1400,
    currency: 'DKK',
    paid: false,
    ...overrides,
  };
}

/** GET /bids (the accepted bid), POST /payments/intents, and GET /tasks/9 answering `statuses` in turn (last repeats). */
function useBackend(intent: PaymentIntentResponse | Response, statuses: string[] = ['assigned']) {
  const polls: string[] = [];
  server.use(
    http.get('/api/bids', () => HttpResponse.json({ items: [acceptedBid], total: 1, page: 1, limit: 100 })),
    http.post('/api/payments/intents', () => (intent instanceof Response ? intent : HttpResponse.json(intent))),
    http.get(`/api/tasks/${TASK_ID}`, () => {
      const status = statuses[Math.min(polls.length, statuses.length - 1)] ?? 'assigned';
      polls.push(status);
      return HttpResponse.json(makeTask({ id: TASK_ID, status: status as 'assigned' }));
    }),
  );
  return polls;
}

function renderPanel(loadStripe?: StripeLoader) {
  setSession(makeUser({ id: 100, role: 'customer' }));
  const onPaid = vi.fn();
  renderWithQueryClient(<PayPanel task={{ id: TASK_ID, status: 'assigned' }} onPaid={onPaid} loadStripe={loadStripe} />);
  return { onPaid };
}

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

async function openModal() {
  await user().click(await screen.findByRole('button', { name: 'Betal 1.400,00 DKK' }));
  return screen.getByRole('dialog', { name: 'Betal opgaven' });
}

/** The card form's pay button, once it can be pressed (Stripe.js loads asynchronously). */
async function payButton(dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: 'Betal 1.400,00 DKK' });
  await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}

/** Lets the 8 polls (2.5 s apart) run. */
async function runPolls() {
  for (let i = 0; i < 8; i++) {
    await act(() => vi.advanceTimersByTimeAsync(2_500));
  }
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('paying an assigned task (./PayPanel)', () => {
  it('pays with the mock test card, polls the task until it is paid and says so', async () => {
    const polls = useBackend(mockIntent(), ['assigned', 'assigned', 'paid']);
    const cards: unknown[] = [];
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', async ({ request }) => {
        cards.push(await request.json());
        return HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true });
      }),
    );
    const { onPaid } = renderPanel();

    const dialog = await openModal();
    expect(await within(dialog).findByText('Testbetaling – der trækkes ingen penge')).toBeTruthy();
    expect((within(dialog).getByLabelText('Kortnummer') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(within(dialog).getByLabelText('Udløb (MM/ÅÅ)')).toBeTruthy();
    expect(within(dialog).getByLabelText('CVC')).toBeTruthy();
    expect(dialog.textContent).toContain('1.400,00 DKK');
    // A phone opens the number keyboard and offers its saved card: the standard autofill tokens, never 'off'.
    const input = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect([input('Kortnummer'), input('Udløb (MM/ÅÅ)'), input('CVC')].map((field) => [field.inputMode, field.autocomplete])).toEqual([
      ['numeric', 'cc-number'],
      ['numeric', 'cc-exp'],
      ['numeric', 'cc-csc'],
    ]);
    expect(input('Kortholders navn (valgfrit)').autocomplete).toBe('cc-name');

    await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));
    await runPolls();

    expect((await screen.findByText('Betalingen blev gennemført succesfuldt!')).closest('[role="status"]')?.textContent).toContain(
      'Betaling gennemført',
    );
    expect(cards).toEqual([{ card: '4242 4242 4242 4242' }]);
    expect(polls).toEqual(['assigned', 'assigned', 'paid']);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the declined card message beside the form and lets the customer try again', async () => {
    useBackend(mockIntent());
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', () =>
        HttpResponse.json({ code: 'card_declined', message: 'Kortet blev afvist. Prøv et andet kort.' }, { status: 422 }),
      ),
    );
    const { onPaid } = renderPanel();
    const dialog = await openModal();
    const card = await within(dialog).findByLabelText('Kortnummer');
    await user().clear(card);
    await user().type(card, '4000 0000 0000 0002');
    await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kortet blev afvist. Prøv et andet kort.');
    expect(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' })).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('refuses a card expiry in the past (or not MM/ÅÅ) beside the field and sends nothing', async () => {
    useBackend(mockIntent());
    const completes: unknown[] = [];
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', () => {
        completes.push(1);
        return HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true });
      }),
    );
    renderPanel();
    const dialog = await openModal();
    const expiry = await within(dialog).findByLabelText('Udløb (MM/ÅÅ)');
    const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
    for (const [typed, message] of [[`12/${lastYear}`, messages.cardExpired], ['13/40', messages.cardExpiryInvalid]]) {
      await user().clear(expiry);
      await user().type(expiry, typed);
      await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));
      expect(document.getElementById(expiry.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    }
    expect(completes).toEqual([]);
  });

  it('refuses a card number failing the Luhn check and a CVC that is not 3–4 digits beside the fields, and sends nothing', async () => {
    useBackend(mockIntent());
    const completes: unknown[] = [];
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', () => {
        completes.push(1);
        return HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true });
      }),
    );
    renderPanel();
    const dialog = await openModal();
    const card = await within(dialog).findByLabelText('Kortnummer');
    const cvc = within(dialog).getByLabelText('CVC');
    const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    for (const [number, code] of [
      ['1234 5678 9012 3456', '123'],
      ['4242 4242 4242 4241', '1'],
      ['4242 4242 4242 4242', 'abc'],
      ['4242 4242 4242 4242', '12345'],
    ]) {
      await user().clear(card);
      await user().type(card, number);
      await user().clear(cvc);
      await user().type(cvc, code);
      await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));
      const luhnOk = number === '4242 4242 4242 4242';
      expect(within(dialog).queryByText(messages.cardNumberInvalid) !== null).toBe(!luhnOk);
      if (code !== '123') expect(errorOf(cvc)).toBe(messages.cardCvcInvalid);
    }
    expect(completes).toEqual([]);
  });

  it('clears the earlier decline message when a new attempt fails the field checks', async () => {
    useBackend(mockIntent());
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', () =>
        HttpResponse.json({ code: 'card_declined', message: messages.cardDeclined }, { status: 422 }),
      ),
    );
    renderPanel();
    const dialog = await openModal();
    const card = await within(dialog).findByLabelText('Kortnummer');
    await user().clear(card);
    await user().type(card, '4000 0000 0000 0002');
    await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.cardDeclined);

    await user().clear(card);
    await user().clear(within(dialog).getByLabelText('Udløb (MM/ÅÅ)'));
    await user().click(within(dialog).getByRole('button', { name: 'Betal 1.400,00 DKK' }));
    expect(await within(dialog).findByText(messages.cardNumberInvalid)).toBeTruthy();
    expect(within(dialog).queryByText(messages.cardDeclined)).toBeNull();
  });

  it('asks for the payment intent with an Idempotency-Key', async () => {
    const keys: Array<string | null> = [];
    useBackend(mockIntent());
    server.use(
      http.post('/api/payments/intents', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json(mockIntent());
      }),
    );
    renderPanel();
    const dialog = await openModal();
    await within(dialog).findByLabelText('Kortnummer');
    expect(keys).toEqual([expect.stringMatching(/^[A-Za-z0-9_.:-]{8,}$/)]);
  });

  it("says the bid's payment deadline has passed on 409 bid_expired", async () => {
    useBackend(HttpResponse.json({ code: 'bid_expired', message: 'Buddet er udløbet' }, { status: 409 }));
    renderPanel();
    const dialog = await openModal();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Betalingsfristen for dette bud er udløbet.');
  });

  it("shows the server's text for another failure", async () => {
    useBackend(HttpResponse.json({ code: 'task_not_payable', message: 'Opgaven kan først betales, når et bud er valgt.' }, { status: 409 }));
    renderPanel();
    const dialog = await openModal();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Opgaven kan først betales, når et bud er valgt.');
  });

  it("falls back to 'Fejl ved oprettelse af betaling' when the server gives no text", async () => {
    useBackend(new HttpResponse(null, { status: 502 }));
    renderPanel();
    const dialog = await openModal();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Fejl ved oprettelse af betaling');
  });

  it('cannot initialise the flow without a client secret', async () => {
    useBackend(mockIntent({ clientSecret: null, paymentIntentId: null }));
    renderPanel();
    const dialog = await openModal();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke initialisere betalingsflow.');
  });

  it('says the status update took too long after the 8th poll without paid', async () => {
    const polls = useBackend(mockIntent(), ['assigned']);
    server.use(
      http.post('/api/payments/mock/mock_pi_1/complete', () =>
        HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true }),
      ),
    );
    const { onPaid } = renderPanel();
    const dialog = await openModal();
    await user().click(await payButton(dialog));
    await runPolls();
    await runPolls();

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Statusopdateringen tog for lang tid – genindlæs siden.');
    expect(polls).toHaveLength(8);
    expect(onPaid).not.toHaveBeenCalled();
  });
});

/** Just enough of Stripe.js for <Elements> and <PaymentElement> to mount. */
function fakeStripe(confirmPayment: Stripe['confirmPayment']): Stripe {
  const element = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), unmount: vi.fn() };
  const elements = { create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn(), fetchUpdates: vi.fn(), submit: vi.fn() };
  return {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment,
  } as unknown as Stripe;
}

describe('paying with Stripe', () => {
  const stripeIntent = mockIntent({ provider: 'stripe', clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', publishableKey: 'pk_test_1' });

  it('confirms through the Payment Element with the /payment-success return address, then confirms and polls', async () => {
    const polls = useBackend(stripeIntent, ['paid']);
    const confirmed: unknown[] = [];
    server.use(
      http.post('/api/payments/confirm', async ({ request }) => {
        confirmed.push(await request.json());
        return HttpResponse.json({ paymentIntentId: 'pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true });
      }),
    );
    const confirmPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const stripe = fakeStripe(confirmPayment as unknown as Stripe['confirmPayment']);
    const loadStripe = vi.fn(async () => stripe);
    const { onPaid } = renderPanel(loadStripe);

    const dialog = await openModal();
    await user().click(await payButton(dialog));
    await runPolls();

    expect(await screen.findByText('Betalingen blev gennemført succesfuldt!')).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_x' }));
    expect(confirmPayment).toHaveBeenCalledTimes(1);
    const [params] = confirmPayment.mock.calls[0] as unknown as [{ confirmParams: { return_url: string }; redirect: string }];
    const returnUrl = new URL(params.confirmParams.return_url);
    expect(returnUrl.origin + returnUrl.pathname).toMatch(/\/payment-success$/);
    expect(returnUrl.origin).toBe(window.location.origin);
    expect(returnUrl.searchParams.get('taskId')).toBe(String(TASK_ID));
    expect(params.redirect).toBe('if_required');
    expect(confirmed).toEqual([{ paymentIntentId: 'pi_1' }]);
    expect(polls).toEqual(['paid']);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it("shows Stripe's card error beside the form", async () => {
    useBackend(stripeIntent);
    const confirmPayment = vi.fn(async () => ({ error: { type: 'card_error', message: 'Dit kort blev afvist.' } }));
    renderPanel(async () => fakeStripe(confirmPayment as unknown as Stripe['confirmPayment']));
    const dialog = await openModal();
    await user().click(await payButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Dit kort blev afvist.');
  });

  it('names an unexpected intent status', async () => {
    useBackend(stripeIntent);
    const confirmPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_action' } }));
    renderPanel(async () => fakeStripe(confirmPayment as unknown as Stripe['confirmPayment']));
    const dialog = await openModal();
    await user().click(await payButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Uventet status: requires_action');
  });
});
