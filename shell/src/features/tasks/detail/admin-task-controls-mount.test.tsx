import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import { Button, type AdminTaskControlsProps, type User } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../remotes/remote-manifest';
import { fakeTasksApi, makeTask } from '../../../testing/tasks';
import { stubRemoteContract } from '../../../testing/remote-contract';
import { TaskDetailPage } from './task-detail-page';

/*
 * Where the shell mounts mfe_admin's `./AdminTaskControls` on the task page (the real RemoteApp and manifest, the
 * Module Federation runtime mocked); the real controls have their own tests in mfe-admin.
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();

const admin = makeUser({ id: 1, role: 'admin' });
const owner = makeUser({ id: 2, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });

const controlsProps: AdminTaskControlsProps[] = [];
let tasks: ReturnType<typeof fakeTasksApi>;

/** Stands in for the remote: shows what it was handed and reports a status change as the real one does. */
function StubAdminTaskControls(props: AdminTaskControlsProps) {
  controlsProps.push(props);
  return (
    <Button
      onClick={() => {
        const task = tasks.tasks().find((t) => t.id === props.task.id)!;
        props.onChanged({ ...task, status: 'in_progress' });
      }}
    >
      Stub: sæt i gang
    </Button>
  );
}

const manifest = {
  remotes: {
    mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
    mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
    mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
  },
};

beforeEach(() => {
  controlsProps.length = 0;
  resetRemoteManifest();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id); // the remote's ./contract, at the version this shell hosts
    if (id === 'mfe_admin/AdminTaskControls') return { default: StubAdminTaskControls };
    return { default: () => null }; // other pieces of the task page are not this test's business
  });
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
});

const loadedControls = () => runtime.loadRemote.mock.calls.filter(([id]) => id === 'mfe_admin/AdminTaskControls').length;

async function renderTask(task: Task, viewer: User) {
  tasks = fakeTasksApi([task]);
  server.use(...tasks.handlers, http.get('/api/admin/carrier-lists/assignments', () => HttpResponse.json({ items: [] })));
  setSession(viewer);
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/task/${task.id}`]}>
      <Routes>
        <Route path="/task/:id" element={<TaskDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('tabpanel');
}

describe("the admin's task controls on the task page", () => {
  it("mounts mfe_admin's AdminTaskControls for an admin with the task's id, status and payment, and shows the task it reports back", async () => {
    await renderTask(makeTask({ id: 5, status: 'assigned', assigned_carrier_id: 3, paid_at: '2026-11-25T09:00:00.000Z' }), admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Stub: sæt i gang' }));

    expect(controlsProps[0]?.task).toEqual({ id: 5, status: 'assigned', paid_at: '2026-11-25T09:00:00.000Z' });
    await waitFor(() => expect(controlsProps.at(-1)?.task.status).toBe('in_progress'));
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }], { force: false });
  });

  it('when mfe_admin cannot load, then the Danish error with a retry stands in its place and the rest of the panel stays', async () => {
    runtime.loadRemote.mockImplementation(async (id: string) => {
      if (id.startsWith('mfe_admin/')) throw new Error('RUNTIME-008: failed to load remoteEntry.js');
      if (id.endsWith('/contract')) return stubRemoteContract(id);
      return { default: () => null };
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary logs what it caught
    await renderTask(makeTask({ id: 5, status: 'open_for_bids' }), admin);

    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses. Prøv igen senere.');
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ret oplysninger' }).getAttribute('href')).toBe('/create-task?edit=5');
  });

  it.each([
    ['the owner', owner],
    ['a carrier', carrier],
  ])('does not load the admin controls for %s', async (_who, viewer) => {
    if (viewer.role === 'carrier') server.use(http.get('/api/bids', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 100, bidding: null })));
    await renderTask(makeTask({ id: 6, user_id: 2, status: 'open_for_bids' }), viewer);
    // Every remote piece the page mounts for this viewer has loaded (an admin's controls would be among them).
    await screen.findByRole('region', { name: 'Handlinger' });
    await waitFor(() => expect(screen.queryByText('Indlæser…')).toBeNull());
    expect(loadedControls()).toBe(0);
    expect(runtime.registerRemotes).not.toHaveBeenCalledWith([expect.objectContaining({ name: 'mfe_admin' })], expect.anything());
  });
});
