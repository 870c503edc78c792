import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Task, TaskStatus } from '@fragtbud/contracts';
import type { AdminTaskRef } from '@fragtbud/web';
import { makeAdminBid, renderWithQueryClient, setupApiServer } from '@fragtbud/web/testing';
import AdminTaskControlsEntry from './admin-task-controls-entry';

const server = setupApiServer();

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const location = () => screen.getByTestId('location').textContent;

/** A small tasks API: PATCH /tasks/{id}/status answers `{ task }`, DELETE /tasks/{id}; every write is recorded. */
function fakeTaskWrites(initial: AdminTaskRef) {
  const task = { ...initial };
  const requests: string[] = [];
  server.use(
    http.patch('/api/tasks/:id/status', async ({ params, request }) => {
      const body = (await request.json()) as { status: TaskStatus };
      requests.push(`PATCH /tasks/${params.id}/status ${JSON.stringify(body)}`);
      task.status = body.status;
      return HttpResponse.json({ task: { ...task, updated_at: '2026-11-28T10:00:00.000Z' } });
    }),
    http.delete('/api/tasks/:id', ({ params }) => {
      requests.push(`DELETE /tasks/${params.id}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/tasks/:id', () => HttpResponse.json({ task })),
    http.get('/api/tasks', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 20 })),
  );
  return { requests };
}

/** The exposed module as the shell's task page mounts it: the page keeps the task and takes `onChanged`'s answer. */
function renderControls(initial: AdminTaskRef, onChanged: (task: Task) => void = () => undefined) {
  function TaskPage() {
    const [task, setTask] = useState(initial);
    return (
      <AdminTaskControlsEntry
        task={task}
        onChanged={(updated) => {
          onChanged(updated);
          setTask({ id: updated.id, status: updated.status, paid_at: updated.paid_at });
        }}
      />
    );
  }
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[`/task/${initial.id}`]}>
      <Routes>
        <Route path="/task/:id" element={<TaskPage />} />
        <Route path="/tasks" element={<p>Opgaver</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('AdminTaskControls (./AdminTaskControls)', () => {
  it('changes the status from the dropdown; cancelling an unpaid task asks first, then hands the shell the new task', async () => {
    const fake = fakeTaskWrites({ id: 5, status: 'open_for_bids', paid_at: null });
    const onChanged = vi.fn();
    renderControls({ id: 5, status: 'open_for_bids', paid_at: null }, onChanged);
    const select = screen.getByRole('combobox', { name: 'Skift status' });
    // Not 'Afsluttet': an unpaid task cannot be completed (the server refuses it, task_unpaid).
    expect(optionTexts(select)).toEqual(['Afventer godkendelse', 'Åben for bud (nuværende)', 'Tildelt', 'I gang', 'Annulleret']);
    expect((screen.getByRole('button', { name: 'Opdater status' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.selectOptions(select, 'Annulleret');
    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    // The unpaid task's carrier loses the job, there is nothing to refund.
    const dialog = screen.getByRole('alertdialog', { name: 'Annullér opgave #5?' });
    expect(dialog.textContent).toContain('Opgaven annulleres, og vognmanden mister opgaven. Det kan ikke fortrydes.');
    expect(fake.requests).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annullér opgaven' }));

    expect(await screen.findByText('Status ændret til Annulleret.')).toBeTruthy();
    expect(fake.requests).toEqual(['PATCH /tasks/5/status {"status":"cancelled"}']);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 5, status: 'cancelled' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(optionTexts(screen.getByRole('combobox', { name: 'Skift status' }))).toContain('Annulleret (nuværende)');
  });

  it('changes to another status at once, without a confirmation', async () => {
    const fake = fakeTaskWrites({ id: 5, status: 'open_for_bids', paid_at: null });
    renderControls({ id: 5, status: 'open_for_bids', paid_at: null });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Skift status' }), 'I gang');
    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    expect(await screen.findByText('Status ændret til I gang.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.requests).toEqual(['PATCH /tasks/5/status {"status":"in_progress"}']);
  });

  it("offers a paid task only forward moves, never 'Tildelt' back or 'Åben for bud', and cancels it once after a confirmation naming the refund", async () => {
    const fake = fakeTaskWrites({ id: 5, status: 'assigned', paid_at: '2026-11-25T09:00:00.000Z' });
    server.use(
      http.get('/api/bids', ({ request }) => {
        expect(new URL(request.url).searchParams.get('taskId')).toBe('5');
        return HttpResponse.json({ items: [makeAdminBid({ id: 4, status: 'accepted', net: 1000 })], total: 1, page: 1, limit: 100 });
      }),
    );
    renderControls({ id: 5, status: 'assigned', paid_at: '2026-11-25T09:00:00.000Z' });
    const select = screen.getByRole('combobox', { name: 'Skift status' });
    expect(optionTexts(select)).toEqual(['Tildelt (nuværende)', 'I gang', 'Afsluttet', 'Annulleret']);

    await userEvent.selectOptions(select, 'Annulleret');
    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Annullér opgave #5?' });
    await waitFor(() => expect(dialog.textContent).toContain('Opgaven annulleres, og kunden får 1.400,00 DKK refunderet.'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(fake.requests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annullér opgaven' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Status ændret til Annulleret.')).toBeTruthy();
    expect(fake.requests).toEqual(['PATCH /tasks/5/status {"status":"cancelled"}']);
  });

  it('when a paid task\'s bids cannot be read, then the confirmation still says the payment is refunded', async () => {
    fakeTaskWrites({ id: 6, status: 'paid', paid_at: '2026-11-25T09:00:00.000Z' });
    server.use(http.get('/api/bids', () => HttpResponse.json({ code: 'forbidden', message: 'Nej' }, { status: 403 })));
    renderControls({ id: 6, status: 'paid', paid_at: '2026-11-25T09:00:00.000Z' });
    const select = screen.getByRole('combobox', { name: 'Skift status' });
    expect(optionTexts(select)).not.toContain('Tildelt');
    expect(optionTexts(select)).not.toContain('Åben for bud');
    await userEvent.selectOptions(select, 'Annulleret');
    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Opgaven annulleres, og kunden får betalingen refunderet.');
  });

  it("says 'Kunne ikke opdatere status' with the server's reason when the change is refused, and nothing changes", async () => {
    fakeTaskWrites({ id: 5, status: 'open_for_bids', paid_at: null });
    server.use(
      http.patch('/api/tasks/5/status', () =>
        HttpResponse.json({ code: 'transition_not_allowed', message: 'Statusændringen er ikke tilladt.' }, { status: 409 }),
      ),
    );
    const onChanged = vi.fn();
    renderControls({ id: 5, status: 'open_for_bids', paid_at: null }, onChanged);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Skift status' }), 'I gang');
    await userEvent.click(screen.getByRole('button', { name: 'Opdater status' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke opdatere status');
    expect(alert.textContent).toContain('Statusændringen er ikke tilladt.');
    expect(onChanged).not.toHaveBeenCalled();

    // Choosing again clears the old failure.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Skift status' }), 'Tildelt');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a task only after the admin confirms, keeps the dialog with the Danish error on a failure, then goes back to /tasks', async () => {
    const fake = fakeTaskWrites({ id: 5, status: 'open_for_bids', paid_at: null });
    renderControls({ id: 5, status: 'open_for_bids', paid_at: null });
    await userEvent.click(screen.getByRole('button', { name: 'Slet opgave' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Slet opgave #5?' });
    expect(dialog.textContent).toContain('Opgaven slettes permanent sammen med dens billeder. Det kan ikke fortrydes.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.requests).toEqual([]);

    server.use(http.delete('/api/tasks/5', () => HttpResponse.json({ code: 'boom', message: 'Fejl' }, { status: 500 }), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Slet opgave' }));
    dialog = screen.getByRole('alertdialog', { name: 'Slet opgave #5?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Slet opgave' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke slette opgave');
    expect(location()).toBe('/task/5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Slet opgave' }));
    await waitFor(() => expect(location()).toBe('/tasks'));
    expect(fake.requests).toEqual(['DELETE /tasks/5']);
    expect(screen.getByText('Opgaver')).toBeTruthy();
  });
});
