import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages, type DeletionRequest } from '@fragtbud/contracts';
import { api, formatDateTime, queryKeys } from '@fragtbud/web';
import { makeAdminBid, makeUser, renderWithQueryClient } from '@fragtbud/web/testing';
import { setupShellApiServer } from '../../../../testing/api-server';
import { makeTask } from '../../../../testing/tasks';
import { TaskDeletionRequests } from './deletion-requests';

const server = setupShellApiServer();

const owner = makeUser({ id: 2, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier' });
const admin = makeUser({ id: 1, role: 'admin' });
const task = makeTask({ id: 5, user_id: 2, status: 'paid', assigned_carrier_id: 3 });

const request = (overrides: Partial<DeletionRequest> = {}): DeletionRequest => ({
  id: 7,
  task_id: 5,
  requested_by: 2,
  requester_name: 'Karen Jensen',
  role: 'customer',
  reason: 'Flytningen er aflyst',
  status: 'pending',
  resolved_by: null,
  created_at: '2026-11-21T10:00:00.000Z',
  resolved_at: null,
  ...overrides,
});

function serveAdmin(items: DeletionRequest[]) {
  const puts: string[] = [];
  server.use(
    http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items })),
    http.put('/api/tasks/5/deletion-requests/:requestId', async ({ params, request: req }) => {
      const { action } = (await req.json()) as { action: 'approve' | 'reject' };
      puts.push(`${params.requestId} ${action}`);
      const status = action === 'approve' ? 'approved' : 'rejected';
      return HttpResponse.json({
        message: action === 'approve' ? messages.deletionRequestApproved : messages.deletionRequestRejected,
        request: request({ id: Number(params.requestId), status, resolved_by: 1, resolved_at: '2026-11-21T11:00:00.000Z' }),
      });
    }),
    http.get('/api/tasks/5', () => HttpResponse.json({ task: { ...task, status: 'cancelled' } })),
  );
  return puts;
}

async function confirmApproval() {
  const dialog = screen.getByRole('alertdialog', { name: 'Godkend anmodningen om sletning?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Godkend og annullér' }));
}

describe('deletion requests', () => {
  it('asks before approving a paid task’s request, naming the refund; Annuller sends nothing, one PUT on a double click', async () => {
    const puts = serveAdmin([request()]);
    server.use(http.get('/api/bids', () => HttpResponse.json({ items: [makeAdminBid({ id: 4, status: 'accepted', net: 1000 })], total: 1, page: 1, limit: 100 })));
    renderWithQueryClient(<TaskDeletionRequests task={{ ...task, paid_at: '2026-11-25T09:00:00.000Z' }} viewer={admin} />);
    const pending = await screen.findByRole('listitem', { name: 'Anmodning #7' });
    await userEvent.click(within(pending).getByRole('button', { name: 'Godkend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Godkend anmodningen om sletning?' });
    await vi.waitFor(() => expect(dialog.textContent).toContain('Opgaven annulleres, og kunden får 1.400,00 DKK refunderet. Det kan ikke fortrydes.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(puts).toEqual([]);

    await userEvent.click(within(pending).getByRole('button', { name: 'Godkend' }));
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Godkend og annullér' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe('Anmodning godkendt (opgave annulleret)');
    expect(puts).toEqual(['7 approve']);
  });

  it("lets an admin approve a pending request: 'Anmodning godkendt (opgave annulleret)' and the task is reloaded", async () => {
    const puts = serveAdmin([request(), request({ id: 6, role: 'carrier', requested_by: 3, requester_name: 'Lars Hansen (Hansen Fragt ApS)', reason: null, status: 'rejected' }), request({ id: 4, requester_name: null, status: 'rejected' })]);
    const { client } = renderWithQueryClient(<TaskDeletionRequests task={task} viewer={admin} />);
    client.setQueryData(queryKeys.task(5), task);

    const pending = await screen.findByRole('listitem', { name: 'Anmodning #7' });
    expect(within(pending).getByText('Karen Jensen')).toBeTruthy();
    expect(within(pending).getByText('Kunde')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Anmodning #6' })).getByText('Lars Hansen (Hansen Fragt ApS)')).toBeTruthy();
    // A requester whose name is not known yet shows by role, never by number.
    expect(within(screen.getByRole('listitem', { name: 'Anmodning #4' })).getByText('Kunde')).toBeTruthy();
    expect(screen.queryByText(/#2|#3/)).toBeNull();
    expect(within(pending).getByText('Flytningen er aflyst')).toBeTruthy();
    expect(within(pending).getByText('Afventer')).toBeTruthy();
    const done = screen.getByRole('listitem', { name: 'Anmodning #6' });
    expect(within(done).getByText('Afvist')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();

    await userEvent.click(within(pending).getByRole('button', { name: 'Godkend' }));
    await confirmApproval();
    expect((await screen.findByRole('status')).textContent).toBe('Anmodning godkendt (opgave annulleret)');
    expect(puts).toEqual(['7 approve']);
    expect(within(pending).getByText('Godkendt')).toBeTruthy();
    expect(within(pending).queryByRole('button')).toBeNull();
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.task(5))?.isInvalidated).toBe(true));
  });

  it("lets an admin reject: 'Anmodning afvist'; a failure says 'Kunne ikke godkende anmodning'", async () => {
    const puts = serveAdmin([request(), request({ id: 8 })]);
    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={admin} />);
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'Anmodning #7' })).getByRole('button', { name: 'Afvis' }));
    expect((await screen.findByRole('status')).textContent).toBe('Anmodning afvist');
    expect(puts).toEqual(['7 reject']);

    server.use(http.put('/api/tasks/5/deletion-requests/8', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Anmodning #8' })).getByRole('button', { name: 'Godkend' }));
    await confirmApproval();
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke godkende anmodning');
  });

  it('says so when there are none', async () => {
    serveAdmin([]);
    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={admin} />);
    expect(await screen.findByText('Ingen anmodninger om sletning')).toBeTruthy();
  });

  it("lets the owner ask with an optional reason, and shows the server's refusal of a second one", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items: [] })),
      http.post('/api/tasks/5/deletion-requests', async ({ request: req }) => {
        bodies.push(await req.json());
        return bodies.length === 1
          ? HttpResponse.json(request({ reason: 'Fortrudt' }), { status: 201 })
          : HttpResponse.json({ code: 'deletion_request_pending', message: messages.deletionRequestPending }, { status: 409 });
      }),
    );
    const { unmount } = renderWithQueryClient(<TaskDeletionRequests task={task} viewer={owner} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anmod om sletning' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Begrundelse' }), ' Fortrudt ');
    await userEvent.click(screen.getByRole('button', { name: 'Send anmodning' }));
    expect((await screen.findByRole('status')).textContent).toBe('Anmodningen om sletning er sendt til en administrator.');
    expect(bodies).toEqual([{ reason: 'Fortrudt' }]);
    unmount();

    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={carrier} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anmod om sletning' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send anmodning' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.deletionRequestPending);
    expect(bodies[1]).toEqual({});
  });

  it('moves the keyboard into the reason when the form opens, and back to "Anmod om sletning" on Annuller', async () => {
    server.use(http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items: [] })));
    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={owner} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anmod om sletning' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Begrundelse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuller' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Anmod om sletning' }));
  });

  it('sends one request on a double click of "Send anmodning" and says it was sent', async () => {
    let posts = 0;
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items: posts ? [request()] : [] })),
      http.post('/api/tasks/5/deletion-requests', async () => {
        posts += 1;
        // The server answers when the test says, so whatever the clicks sent is in before the first answer.
        await held;
        return posts === 1
          ? HttpResponse.json(request(), { status: 201 })
          : HttpResponse.json({ code: 'deletion_request_pending', message: messages.deletionRequestPending }, { status: 409 });
      }),
    );
    const sending = vi.spyOn(api, 'post');
    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={owner} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anmod om sletning' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Begrundelse' }), 'Vil ikke længere have opgaven');
    const submit = screen.getByRole('button', { name: 'Send anmodning' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    // A request has reached the server; one sent by the second click would have been started as early as the first.
    await vi.waitFor(() => expect(posts).toBeGreaterThan(0));
    expect(sending).toHaveBeenCalledTimes(1);
    expect(submit.hasAttribute('disabled')).toBe(true);
    answer();
    expect((await screen.findByRole('status')).textContent).toBe('Anmodningen om sletning er sendt til en administrator.');
    expect(posts).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the requester their pending request (no second one offered) and a rejected one with its date', async () => {
    let items = [request()];
    server.use(http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items })));
    const { unmount } = renderWithQueryClient(<TaskDeletionRequests task={task} viewer={owner} />);
    expect((await screen.findByRole('status')).textContent).toBe(
      `Din anmodning om sletning afventer behandling af en administrator. Sendt ${formatDateTime('2026-11-21T10:00:00.000Z')}`,
    );
    expect(screen.queryByRole('button', { name: 'Anmod om sletning' })).toBeNull();
    unmount();

    items = [request({ status: 'rejected', resolved_by: 1, resolved_at: '2026-11-22T09:30:00.000Z' }), request({ id: 3, status: 'rejected' })];
    renderWithQueryClient(<TaskDeletionRequests task={task} viewer={owner} />);
    expect((await screen.findByRole('status')).textContent).toBe(
      `Din anmodning om sletning blev afvist. Afvist ${formatDateTime('2026-11-22T09:30:00.000Z')}`,
    );
    // A rejected request may be followed by a new one.
    expect(screen.getByRole('button', { name: 'Anmod om sletning' })).toBeTruthy();
  });

  it('is not offered to an outsider, a visitor or on a completed or cancelled task', async () => {
    server.use(http.get('/api/tasks/5/deletion-requests', () => HttpResponse.json({ items: [] })));
    const { rerender } = renderWithQueryClient(<TaskDeletionRequests task={task} viewer={makeUser({ id: 9, role: 'carrier' })} />);
    expect(screen.queryByRole('button', { name: 'Anmod om sletning' })).toBeNull();
    rerender(<TaskDeletionRequests task={task} viewer={null} />);
    expect(screen.queryByRole('button', { name: 'Anmod om sletning' })).toBeNull();
    for (const status of ['completed', 'cancelled'] as const) {
      for (const viewer of [owner, carrier]) {
        rerender(<TaskDeletionRequests task={{ ...task, status }} viewer={viewer} />);
        expect(screen.queryByRole('heading', { name: 'Sletning af opgaven' }), `${status} ${viewer.role}`).toBeNull();
      }
    }
    rerender(<TaskDeletionRequests task={{ ...task, status: 'delivered' }} viewer={owner} />);
    expect(await screen.findByRole('button', { name: 'Anmod om sletning' })).toBeTruthy();
  });
});
