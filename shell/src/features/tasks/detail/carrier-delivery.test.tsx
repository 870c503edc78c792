import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import { Button, type DeliveryPanelProps, type User } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../remotes/remote-manifest';
import { fakeTasksApi, makeTask } from '../../../testing/tasks';
import { TaskDetailPage } from './task-detail-page';
import { stubRemoteContract } from '../../../testing/remote-contract';

/*
 * The shell side of the carrier's delivery steps: mfe_carrier's `./DeliveryPanel` is loaded for the assigned carrier
 * only (through the real RemoteApp and manifest, the Module Federation runtime mocked), and its onChanged reloads the
 * task. The real panel has its own tests in mfe-carrier.
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();
const assigned = makeUser({ id: 3, role: 'carrier', name: 'Jens Kørsel' });
const otherCarrier = makeUser({ id: 4, role: 'carrier' });

const panelProps: DeliveryPanelProps[] = [];
function StubDeliveryPanel(props: DeliveryPanelProps) {
  panelProps.push(props);
  return <Button onClick={props.onChanged}>Markér som på vej</Button>;
}

beforeEach(() => {
  panelProps.length = 0;
  resetRemoteManifest();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id); // the remote's ./contract
    if (id === 'mfe_carrier/DeliveryPanel') return { default: StubDeliveryPanel };
    // The carrier's other part of 'Handlinger' (its own tests: mfe-carrier); once it shows, the panel's loads have started.
    if (id === 'mfe_carrier/TaskActions') return { default: () => <p>Vognmandens handlinger</p> };
    throw new Error(`unexpected remote ${id}`);
  });
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ remotes: { mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js' } })));
});

const loadedModules = () => runtime.loadRemote.mock.calls.map(([id]) => id as string).filter((id) => !id.endsWith('/contract'));

async function renderTask(task: Task, viewer: User) {
  const tasks = fakeTasksApi([task]);
  server.use(...tasks.handlers);
  setSession(viewer);
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/task/${task.id}`]}>
      <Routes>
        <Route path="/task/:id" element={<TaskDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Handlinger' });
  return tasks;
}

describe('carrier delivery steps on the task page', () => {
  it('loads mfe_carrier\'s delivery panel for the assigned carrier and reloads the task when it reports a step', async () => {
    const tasks = await renderTask(makeTask({ id: 5, user_id: 2, status: 'picked_up', assigned_carrier_id: 3 }), assigned);
    const button = await screen.findByRole('button', { name: 'Markér som på vej' });
    expect(loadedModules()).toContain('mfe_carrier/DeliveryPanel');
    expect(panelProps.at(-1)?.task).toEqual({ id: 5, status: 'picked_up' });

    tasks.tasks()[0]!.status = 'in_transit';
    await userEvent.click(button);
    await waitFor(() => expect(panelProps.at(-1)?.task).toEqual({ id: 5, status: 'in_transit' }));
    expect(tasks.requests.filter((request) => request === 'GET /tasks/5')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('På vej');
  });

  it('loads no delivery panel once the task is cancelled', async () => {
    await renderTask(makeTask({ id: 5, user_id: 2, status: 'cancelled', assigned_carrier_id: 3 }), assigned);
    await screen.findByText('Vognmandens handlinger');
    expect(loadedModules()).not.toContain('mfe_carrier/DeliveryPanel');
  });

  it('loads no delivery panel for a carrier the task is not assigned to', async () => {
    await renderTask(makeTask({ id: 5, user_id: 2, status: 'paid', assigned_carrier_id: 3 }), otherCarrier);
    await screen.findByText('Vognmandens handlinger');
    expect(screen.queryByRole('button', { name: 'Markér som på vej' })).toBeNull();
    expect(loadedModules()).not.toContain('mfe_carrier/DeliveryPanel');
  });
});
