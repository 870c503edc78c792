import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { makeBidding, makeCustomerBid, makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { makeTask } from '../../testing/tasks';
import { CLAIM_BUTTON, CLAIM_EXPLAINED, GUEST_CALL_TO_ACTION, GUEST_LINK_INVALID, GUEST_POLL_MS, GuestTaskPage } from './guest-task-page';
import { KEEP_LINK, KEEP_LINK_TITLE, LINK_COPIED, LINK_MAILED, TaskCreatedPage } from './task-created-page';

const server = setupApiServer();

function Landing() {
  const location = useLocation();
  return <p data-testid="landing">{`${location.pathname}${location.search}`}</p>;
}

/** As the app's route: the guest page with ?access=, else (here) a landing that shows where it went. */
function TaskRoute() {
  return new URLSearchParams(useLocation().search).get('access') ? <GuestTaskPage /> : <Landing />;
}

function renderAt(path: string, state?: unknown) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
      <Routes>
        <Route path="/task/:id" element={<TaskRoute />} />
        <Route path="/task-created/:id" element={<TaskCreatedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** GET /tasks/7?access= and GET /tasks/7/bids?access=, recording the tokens sent. */
function linkApi(task: ReturnType<typeof makeTask>) {
  const tokens: (string | null)[] = [];
  server.use(
    http.get('/api/tasks/7', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('access'));
      return HttpResponse.json(task);
    }),
    http.get('/api/tasks/7/bids', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('access'));
      return HttpResponse.json({
        items: [makeCustomerBid({ id: 3, carrier_name: 'Hansen Fragt' })],
        total: 1,
        page: 1,
        limit: 100,
        bidding: makeBidding({ task_id: 7, bid_count: 1, max_bids: 5 }),
      });
    }),
  );
  return tokens;
}

const guestTask = makeTask({ id: 7, view: 'full', user_id: null, is_guest: true, contact_email: 'gaest@example.dk', from_address: 'Vestergade 12, 8000 Aarhus C' });

describe('/task-created/{id}', () => {
  it('names the task number and says the link was mailed when an e-mail was given', () => {
    renderAt('/task-created/42?mail=1');
    expect(screen.getByRole('heading', { name: 'Tak! Din opgave er oprettet' })).toBeTruthy();
    expect(document.body.textContent).toContain('#42');
    expect(screen.getByRole('heading', { name: 'Hvad sker der nu?' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(LINK_MAILED);
  });

  it('without an e-mail it claims no mail and shows how to follow up with an account', () => {
    renderAt('/task-created/42');
    expect(document.body.textContent).not.toContain(LINK_MAILED);
    expect(screen.getByRole('status').textContent).toContain('kan ikke sende dig et link');
    expect(screen.getByRole('link', { name: 'Opret konto' }).getAttribute('href')).toBe('/register');
  });
});

describe('/task-created/{id} with the private link (access=)', () => {
  const token = 'privat-link-token-0123456789abcdef';

  it('a guest who gave an e-mail gets a link to the task and an Opret konto that fills the e-mail in and comes back', () => {
    renderAt(`/task-created/42?mail=1&access=${token}`, { email: 'gaest@example.dk' });
    const box = screen.getByRole('status');
    expect(box.textContent).toContain(LINK_MAILED);
    expect(within(box).getByRole('link', { name: 'Se opgaven' }).getAttribute('href')).toBe(`/task/42?access=${token}`);
    expect(within(box).getByRole('link', { name: 'Opret konto' }).getAttribute('href')).toBe(
      `/register?next=/task/42%3Faccess%3D${token}&email=gaest%40example.dk`,
    );
    expect(within(box).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe(`/login?next=/task/42%3Faccess%3D${token}`);
    // Nothing to keep by hand: the link was mailed.
    expect(screen.queryByRole('heading', { name: KEEP_LINK_TITLE })).toBeNull();
  });

  it('a guest who gave no e-mail is shown the private link to keep, in full, with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(`/task-created/42?access=${token}`);
    const keep = screen.getByRole('region', { name: KEEP_LINK_TITLE });
    expect(keep.textContent).toContain(KEEP_LINK);
    const url = `${window.location.origin}/task/42?access=${token}`;
    expect((within(keep).getByRole('textbox', { name: 'Link til opgaven' }) as HTMLInputElement).value).toBe(url);
    expect(within(keep).getByRole('link', { name: 'Se opgaven' }).getAttribute('href')).toBe(`/task/42?access=${token}`);
    await userEvent.click(within(keep).getByRole('button', { name: 'Kopiér link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(keep).getByRole('status').textContent).toBe(LINK_COPIED);
    expect(document.body.textContent).not.toContain(LINK_MAILED);
  });

  it('keeps "Se alle opgaver" apart from the info box, and offers no link for a malformed token', () => {
    renderAt('/task-created/42?access=%3Cx%3E');
    expect(screen.queryByRole('region', { name: KEEP_LINK_TITLE })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Se opgaven' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Se alle opgaver' }).parentElement?.className).toBe('task-created__more');
  });
});

describe('/task/{id}?access= (the guest link)', () => {
  it('shows the task and its bids in gross prices read-only, with register and login links that come back here', async () => {
    setSession(null);
    const tokens = linkApi(guestTask);
    renderAt('/task/7?access=abc123');
    expect(await screen.findByText('Hansen Fragt')).toBeTruthy();
    expect(screen.getByText('Vestergade 12, 8000 Aarhus C')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Pris inkl. moms' })).toBeTruthy();
    expect(screen.getByText('1/5')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain(GUEST_CALL_TO_ACTION);
    // The sign-up form comes back here with the task's e-mail filled in.
    expect(screen.getByRole('link', { name: 'Opret konto' }).getAttribute('href')).toBe('/register?next=/task/7%3Faccess%3Dabc123&email=gaest%40example.dk');
    expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login?next=/task/7%3Faccess%3Dabc123');
    expect(screen.queryByRole('button', { name: /Vælg/ })).toBeNull();
    expect(tokens).toEqual(['abc123', 'abc123']);
  });

  it('with a wrong token it says so, shows only the public view and asks for no bids', async () => {
    setSession(null);
    const tokens = linkApi(makeTask({ id: 7, view: 'public', from_address: null, to_address: null, from_postal_code: '8000', from_city: 'Aarhus C' }));
    renderAt('/task/7?access=forkert');
    expect((await screen.findByRole('alert')).textContent).toBe(GUEST_LINK_INVALID);
    expect(screen.queryByRole('heading', { name: /^Bud/ })).toBeNull();
    expect(tokens).toEqual(['forkert']);
  });

  it('once an account has claimed the task, the old link shows nothing of it and asks the holder to log in', async () => {
    setSession(null);
    server.use(
      http.get('/api/tasks/7', () => HttpResponse.json({ code: 'guest_link_claimed', message: messages.guestLinkClaimed }, { status: 410 })),
    );
    renderAt('/task/7?access=abc123');
    expect((await screen.findByRole('note')).textContent).toContain(messages.guestLinkClaimed);
    expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login?next=/task/7');
    expect(document.body.textContent).not.toContain(GUEST_CALL_TO_ACTION);
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).toBeNull();
  });

  it('once the task is the signed-in customer\'s own, the full task page takes over', async () => {
    setSession(makeUser({ id: 5, role: 'customer', email: 'gaest@example.dk' }));
    linkApi({ ...guestTask, user_id: 5, is_guest: false });
    renderAt('/task/7?access=abc123');
    expect((await screen.findByTestId('landing')).textContent).toBe('/task/7');
  });

  it('a signed-in customer with the task\'s e-mail claims it only by pressing \'Knyt opgaven til min konto\'; then the owner\'s page takes over', async () => {
    setSession(makeUser({ id: 5, role: 'customer', email: 'Gaest@Example.dk' }));
    let owner: number | null = null;
    const claims: unknown[] = [];
    server.use(
      http.get('/api/tasks/7', () => HttpResponse.json({ ...guestTask, user_id: owner, is_guest: owner === null })),
      http.get('/api/tasks/7/bids', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 100, bidding: makeBidding({ task_id: 7 }) })),
      http.post('/api/tasks/7/claim', async ({ request }) => {
        claims.push(await request.json());
        owner = 5;
        return HttpResponse.json({ status: 'claimed', taskId: 7, message: messages.guestClaimDone });
      }),
    );
    renderAt('/task/7?access=abc123');
    expect((await screen.findByRole('note')).textContent).toContain(CLAIM_EXPLAINED);
    expect(claims).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: CLAIM_BUTTON }));
    expect((await screen.findByTestId('landing')).textContent).toBe('/task/7');
    expect(claims).toEqual([{ access: 'abc123' }]);
  });

  it('a claim right after registering from the link waits for the e-mail, and says so', async () => {
    setSession(makeUser({ id: 5, role: 'customer', email: 'gaest@example.dk' }));
    linkApi(guestTask);
    server.use(http.post('/api/tasks/7/claim', () => HttpResponse.json({ status: 'pending', taskId: 7, message: messages.guestClaimPending }, { status: 202 })));
    renderAt('/task/7?access=abc123');
    await userEvent.click(await screen.findByRole('button', { name: CLAIM_BUTTON }));
    expect((await screen.findByRole('status')).textContent).toBe(messages.guestClaimPending);
    expect(screen.queryByRole('button', { name: CLAIM_BUTTON })).toBeNull();
  });

  it('a signed-in customer with another e-mail is offered no claim and told which e-mail to use', async () => {
    setSession(makeUser({ id: 6, role: 'customer', email: 'en.anden@example.dk' }));
    linkApi(guestTask);
    renderAt('/task/7?access=abc123');
    expect((await screen.findByRole('note')).textContent).toContain('Log ind med gaest@example.dk');
    expect(screen.queryByRole('button', { name: CLAIM_BUTTON })).toBeNull();
  });

  it('when the server refuses the claim, then its Danish reason is shown and the task stays as it was', async () => {
    setSession(makeUser({ id: 5, role: 'customer', email: 'gaest@example.dk' }));
    linkApi(guestTask);
    server.use(
      http.post('/api/tasks/7/claim', () =>
        HttpResponse.json({ code: 'guest_link_invalid', message: messages.guestLinkInvalid }, { status: 403 }),
      ),
    );
    renderAt('/task/7?access=abc123');
    await userEvent.click(await screen.findByRole('button', { name: CLAIM_BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.guestLinkInvalid);
    expect(screen.getByRole('button', { name: CLAIM_BUTTON })).toBeTruthy();
  });
});

describe('/task/{id}?access= kept up to date', () => {
  it('when a new bid arrives while the guest has the page open, then it shows up without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setSession(null);
      let bids = [makeCustomerBid({ id: 3, carrier_name: 'Hansen Fragt' })];
      server.use(
        http.get('/api/tasks/7', () => HttpResponse.json(guestTask)),
        http.get('/api/tasks/7/bids', () =>
          HttpResponse.json({ items: bids, total: bids.length, page: 1, limit: 100, bidding: makeBidding({ task_id: 7, bid_count: bids.length, max_bids: 5 }) }),
        ),
      );
      renderAt('/task/7?access=privat-link-token-0123456789abcdef');
      await screen.findByText('Hansen Fragt');
      bids = [...bids, makeCustomerBid({ id: 4, carrier_name: 'Jensen Transport' })];
      await vi.advanceTimersByTimeAsync(GUEST_POLL_MS);
      expect(await screen.findByText('Jensen Transport')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
