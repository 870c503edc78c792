import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithQueryClient, setupApiServer } from '@fragtbud/web/testing';
import { ActiveSessions } from './active-sessions';
import type { SessionItem } from './api/list-sessions';

const server = setupApiServer();

const session = (id: number, lastSeen: string, fields: Partial<SessionItem> = {}): SessionItem => ({
  id,
  device: `Enhed ${id}`,
  ip: null,
  created_at: '2026-11-01T10:00:00Z',
  last_seen_at: lastSeen,
  current: false,
  ...fields,
});

/** The current session among six others, listed in no particular order. */
const manySessions = [
  session(1, '2026-11-20T10:00:00Z'),
  session(2, '2026-11-27T10:00:00Z', { device: 'Firefox på Linux', current: true }),
  session(3, '2026-11-25T10:00:00Z'),
  session(4, '2026-11-10T10:00:00Z'),
  session(5, '2026-11-26T10:00:00Z'),
  session(6, '2026-11-05T10:00:00Z'),
  session(7, '2026-11-22T10:00:00Z'),
];

function serve(items: SessionItem[]) {
  const requests: string[] = [];
  server.use(
    http.get('/api/auth/sessions', () => HttpResponse.json({ items })),
    http.delete('/api/auth/sessions', () => {
      requests.push('DELETE /auth/sessions');
      return HttpResponse.json({ ended: items.filter((item) => !item.current).length });
    }),
    http.delete('/api/auth/sessions/:id', ({ params }) => {
      requests.push(`DELETE /auth/sessions/${String(params.id)}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return requests;
}

const otherDevices = () => within(screen.getByRole('list', { name: 'Andre sessioner' })).getAllByRole('listitem').map((item) => item.querySelector('strong')!.textContent);

describe('active sessions', () => {
  it('shows this device first, then the three most recently used others, and folds the rest behind "Vis alle"', async () => {
    serve(manySessions);
    renderWithQueryClient(<ActiveSessions />);

    expect((await screen.findByText('(denne enhed)')).closest('p')!.textContent).toContain('Firefox på Linux');
    expect(screen.getByRole('heading', { name: 'Andre enheder (6)' })).toBeTruthy();
    expect(otherDevices()).toEqual(['Enhed 5', 'Enhed 3', 'Enhed 7']);

    const more = screen.getByRole('button', { name: 'Vis alle 6' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(otherDevices()).toEqual(['Enhed 5', 'Enhed 3', 'Enhed 7', 'Enhed 1', 'Enhed 4', 'Enhed 6']);
    await userEvent.click(screen.getByRole('button', { name: 'Vis færre' }));
    expect(otherDevices()).toHaveLength(3);
  });

  it('logs out of all other sessions at once, leaving only this device', async () => {
    const requests = serve(manySessions);
    renderWithQueryClient(<ActiveSessions />);

    await userEvent.click(await screen.findByRole('button', { name: 'Log ud af alle andre' }));
    expect(await screen.findByText('Logget ud af 6 andre sessioner.')).toBeTruthy();
    expect(requests).toEqual(['DELETE /auth/sessions']);
    expect(screen.queryByRole('list', { name: 'Andre sessioner' })).toBeNull();
    expect(screen.getByText('Du er ikke logget ind andre steder.')).toBeTruthy();
    expect(screen.getByText('(denne enhed)')).toBeTruthy();
  });

  it('ends one other session from its row', async () => {
    const requests = serve([session(2, '2026-11-27T10:00:00Z', { current: true }), session(3, '2026-11-25T10:00:00Z')]);
    renderWithQueryClient(<ActiveSessions />);

    const row = (await screen.findByText('Enhed 3')).closest('li')!;
    expect(screen.queryByRole('button', { name: /Vis alle/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Log ud' }));
    expect(requests).toEqual(['DELETE /auth/sessions/3']);
    expect(await screen.findByText('Du er ikke logget ind andre steder.')).toBeTruthy();
  });
});
