import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '@fragtbud/web';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, approvedCarrier, customer, fakeUsersApi } from '../../testing/admin-api';
import { deletionRequest, fakeDeletionRequestsApi } from '../../testing/fake-deletion-requests-api';
import { renderAdmin } from '../../testing/render-admin';

/** The browser's stream, played by the test: installed before @fragtbud/web makes its live channel. */
const streams = vi.hoisted(() => {
  const list: Array<{ readyState: number; onopen: (() => void) | null; send(type: string, data: unknown): void }> = [];
  (globalThis as { EventSource?: unknown }).EventSource = class {
    readyState = 1;
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
    constructor() {
      list.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.readyState = 2;
    }
    send(type: string, data: unknown) {
      this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
    }
  };
  return list;
});

const server = setupApiServer();
afterEach(() => liveEvents.disconnect());
let inbox: ReturnType<typeof fakeDeletionRequestsApi>;

beforeEach(() => {
  inbox = fakeDeletionRequestsApi([
    deletionRequest(),
    deletionRequest({ id: 2, taskId: 42, taskTitle: 'Kurertransport · Odense C → Vejle', taskStatus: 'assigned', requester: { id: 3, name: 'Viggo Vognmand (Viggos Transport ApS)', role: 'carrier' }, reason: null }),
  ]);
  server.use(...inbox.handlers, ...fakeUsersApi([admin, customer, approvedCarrier]).handlers);
  setSession(admin);
});

const rowOf = (title: string) => screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!;

describe('deletion requests tab', () => {
  it('when requests wait, then the tab has a badge and lists each with the task, who asks (name and role), why and when', async () => {
    server.use(http.get('/api/tasks', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 20 })));
    renderAdmin('/AdminDashboard');
    const tab = await screen.findByRole('tab', { name: 'Sletteanmodninger', description: '2 afventer behandling' });
    expect(tab.textContent).toContain('2');
    const user = userEvent.setup();
    await user.click(tab);
    await screen.findByRole('table');
    const first = rowOf('Flytning · Aarhus C → København K');
    expect(within(first).getByRole('link', { name: 'Flytning · Aarhus C → København K' }).getAttribute('href')).toBe('/task/41');
    expect(first.textContent).toContain('#41 · Betalt');
    expect(first.textContent).toContain('Karen KundeKunde');
    expect(first.textContent).toContain('Flytningen er aflyst');
    expect(first.textContent).toContain('20.11.2026');
    const second = rowOf('Kurertransport');
    expect(second.textContent).toContain('Viggo Vognmand (Viggos Transport ApS)Vognmand');
  });

  it('when the admin rejects one, then it leaves the list, the badge counts down and the answer is shown', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=deletionRequests');
    await screen.findByRole('table');
    await user.click(within(rowOf('Kurertransport')).getByRole('button', { name: 'Afvis' }));
    expect(await screen.findByText('Anmodning afvist')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Kurertransport/ })).toBeNull());
    expect(inbox.decisions).toEqual([{ taskId: 42, id: 2, action: 'reject' }]);
    expect(await screen.findByRole('tab', { name: 'Sletteanmodninger', description: '1 afventer behandling' })).toBeTruthy();
  });

  it('when the admin approves, then a question says the task is cancelled and refunded; only after confirming is it sent', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=deletionRequests');
    await screen.findByRole('table');
    await user.click(within(rowOf('Flytning')).getByRole('button', { name: 'Godkend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Godkend sletning af opgave #41?' });
    expect(dialog.textContent).toContain('Er den betalt, refunderes betalingen til kundens kort.');
    expect(inbox.decisions).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Godkend og annullér opgaven' }));
    expect(await screen.findByText('Anmodning godkendt (opgave annulleret)')).toBeTruthy();
    expect(inbox.decisions).toEqual([{ taskId: 41, id: 1, action: 'approve' }]);
    await user.selectOptions(screen.getByLabelText('Status'), 'Godkendte');
    expect(await screen.findByRole('rowheader', { name: /Flytning/ })).toBeTruthy();
  });

  it('when a deletion-request notification arrives live, then the badge and the open list show the new request without a reload', async () => {
    liveEvents.connect();
    streams.at(-1)!.onopen?.();
    renderAdmin('/AdminDashboard?tab=deletionRequests');
    await screen.findByRole('tab', { name: 'Sletteanmodninger', description: '2 afventer behandling' });
    inbox.add(deletionRequest({ id: 3, taskId: 43, taskTitle: 'Møbeltransport · Roskilde → Køge' }));
    act(() => streams.at(-1)!.send('notification', { id: 9, kind: 'deletion_request', task_id: 43, title: 'Møbeltransport · Roskilde → Køge' }));
    expect(await screen.findByRole('rowheader', { name: /Møbeltransport · Roskilde → Køge/ })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Sletteanmodninger', description: '3 afventer behandling' })).toBeTruthy();
  });
});
