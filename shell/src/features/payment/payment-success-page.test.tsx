import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { makeTask } from '../../testing/tasks';
import { NO_PAYMENT_TO_SHOW, PaymentSuccessPage } from './payment-success-page';

const server = setupApiServer();

function renderPage(search: string) {
  setSession(makeUser({ id: 2, role: 'customer' }));
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/payment-success${search}`]}>
      <Routes>
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** POST /payments/confirm and GET /tasks/9 answering `statuses` in turn (the last repeats). */
function useBackend(statuses: string[], confirm: Response = HttpResponse.json({ paymentIntentId: 'pi_1', status: 'succeeded', providerStatus: 'succeeded', paid: true })) {
  const calls = { confirmed: [] as unknown[], polls: 0 };
  server.use(
    http.post('/api/payments/confirm', async ({ request }) => {
      calls.confirmed.push(await request.json());
      return confirm.clone();
    }),
    http.get('/api/tasks/9', () => {
      const status = statuses[Math.min(calls.polls, statuses.length - 1)];
      calls.polls++;
      return HttpResponse.json(makeTask({ id: 9, status: status as 'paid' }));
    }),
  );
  return calls;
}

async function runPolls() {
  for (let i = 0; i < 9; i++) await act(() => vi.advanceTimersByTimeAsync(2_500));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/payment-success (Stripe return address)', () => {
  it('confirms the intent, polls the task until it is paid and links back to the task', async () => {
    const calls = useBackend(['assigned', 'paid']);
    renderPage('?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded&taskId=9');
    await runPolls();

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Betaling gennemført');
    expect(status.textContent).toContain('Betalingen blev gennemført succesfuldt!');
    expect(calls.confirmed).toEqual([{ paymentIntentId: 'pi_1' }]);
    expect(calls.polls).toBe(2);
    expect(screen.getByRole('link', { name: 'Gå til opgaven' }).getAttribute('href')).toBe('/task/9');
  });

  it('says the status update took too long after 8 polls', async () => {
    const calls = useBackend(['assigned']);
    renderPage('?payment_intent=pi_1&redirect_status=succeeded&taskId=9');
    await runPolls();

    expect((await screen.findByRole('alert')).textContent).toBe('Statusopdateringen tog for lang tid – genindlæs siden.');
    expect(calls.polls).toBe(8);
  });

  it('without a task in the address, polls the task the intent names and links to it', async () => {
    const calls = useBackend(
      ['assigned', 'assigned', 'paid'],
      HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'pending', providerStatus: 'requires_payment_method', paid: false, taskId: 9 }),
    );
    renderPage('?payment_intent=mock_pi_1&redirect_status=succeeded');
    expect(screen.queryByText(/Vi behandler din betaling/)).toBeNull();
    await runPolls();

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Betaling gennemført');
    expect(status.textContent).toContain('Betalingen blev gennemført succesfuldt!');
    expect(calls.polls).toBe(3);
    expect(screen.getByRole('link', { name: 'Gå til opgaven' }).getAttribute('href')).toBe('/task/9');
  });

  it('without a task in the address, says the status update took too long after 8 polls of the named task', async () => {
    const calls = useBackend(
      ['assigned'],
      HttpResponse.json({ paymentIntentId: 'mock_pi_1', status: 'pending', providerStatus: 'requires_payment_method', paid: false, taskId: 9 }),
    );
    renderPage('?payment_intent=mock_pi_1&redirect_status=succeeded');
    await runPolls();
    expect((await screen.findByRole('alert')).textContent).toBe('Statusopdateringen tog for lang tid – genindlæs siden.');
    expect(calls.polls).toBe(8);
    expect(screen.getByRole('link', { name: 'Gå til opgaven' }).getAttribute('href')).toBe('/task/9');
  });

  it('reports a failed redirect even without the intent id in the address', async () => {
    renderPage('?redirect_status=failed&taskId=9');
    expect((await screen.findByRole('alert')).textContent).toBe('Der opstod en fejl under betalingen.');
    expect(screen.queryByText(/Vi behandler din betaling/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Gå til opgaven' }).getAttribute('href')).toBe('/task/9');
  });

  it('shows the payment failure when Stripe says the redirect failed', async () => {
    renderPage('?payment_intent=pi_1&redirect_status=failed&taskId=9');
    expect((await screen.findByRole('alert')).textContent).toBe('Der opstod en fejl under betalingen.');
    expect(screen.getByRole('link', { name: 'Gå til opgaven' })).toBeTruthy();
  });

  it("shows the server's text when the confirmation fails", async () => {
    useBackend(['assigned'], HttpResponse.json({ code: 'payment_not_found', message: 'Betalingen blev ikke fundet.' }, { status: 404 }));
    renderPage('?payment_intent=pi_1&redirect_status=succeeded&taskId=9');
    expect((await screen.findByRole('alert')).textContent).toBe('Betalingen blev ikke fundet.');
  });

  it('without a payment in the address says there is no payment to show, with a link to the dashboard', () => {
    renderPage('');
    expect(screen.getByText(NO_PAYMENT_TO_SHOW)).toBeTruthy();
    expect(screen.queryByText(/Vi behandler din betaling/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Gå til dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
