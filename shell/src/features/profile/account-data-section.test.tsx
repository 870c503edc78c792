import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDeletionTexts, messages } from '@fragtbud/contracts';
import { useSession } from '@fragtbud/web';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { noReviews, noTasks } from '../../testing/handlers';
import { renderApp } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const karen = makeUser({ id: 7, name: 'Karen Kunde', role: 'customer' });
const exported = {
  exportedAt: '2026-11-24T10:00:00.000Z',
  profile: karen,
  termsAcceptance: null,
  savedAddresses: [],
  tasks: [],
  bids: [],
  messages: [],
  ratings: [],
  money: {},
};
let deleteAnswer: () => Response = () => new HttpResponse(null, { status: 204 });
let deleted = 0;
const deleteBodies: unknown[] = [];

setupShellApiServer(
  noTasks,
  noReviews, // the front page after deletion
  http.get('/api/account/export', () => HttpResponse.json(exported)),
  http.delete('/api/account', async ({ request }) => {
    const body = (await request.json()) as { currentPassword?: string };
    deleteBodies.push(body);
    if (body.currentPassword !== 'min-kode-1') {
      return HttpResponse.json(
        { code: 'current_password_wrong', message: accountDeletionTexts.passwordWrong, details: [{ path: 'currentPassword', message: accountDeletionTexts.passwordWrong }] },
        { status: 400 },
      );
    }
    deleted += 1;
    return deleteAnswer();
  }),
);

const saved: Blob[] = [];
const textOf = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });
beforeEach(() => {
  deleted = 0;
  deleteBodies.length = 0;
  saved.length = 0;
  deleteAnswer = () => new HttpResponse(null, { status: 204 });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
    saved.push(file as Blob);
    return 'blob:fragtbud-test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('profile → Dine data', () => {
  it("when 'Hent mine data' is clicked, then the export is saved as fragtbud-data-<date>.json", async () => {
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile');
    const clicks = vi.mocked(HTMLAnchorElement.prototype.click);
    await user.click(await screen.findByRole('button', { name: 'Hent mine data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(JSON.parse(await textOf(saved[0]!))).toEqual(exported);
    const link = clicks.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('fragtbud-data-2026-11-24.json');
  });

  it('when deletion is confirmed with the password, then the account is deleted, the user is signed out and lands on the front page', async () => {
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Slet konto' }));
    expect(deleted).toBe(0); // the dialog asks first
    const dialog = await screen.findByRole('alertdialog', { name: 'Slet din konto?' });
    expect(dialog.textContent).toContain('Det kan ikke fortrydes');

    // Without the password nothing is sent; a wrong one is told beside the field and the dialog stays.
    await user.click(within(dialog).getByRole('button', { name: 'Slet konto permanent' }));
    expect(await within(dialog).findByText(messages.passwordRequired)).toBeTruthy();
    expect(deleteBodies).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Din adgangskode/), 'forkert-kode');
    await user.click(within(dialog).getByRole('button', { name: 'Slet konto permanent' }));
    expect(await within(dialog).findByText(accountDeletionTexts.passwordWrong)).toBeTruthy();
    expect(deleted).toBe(0);
    expect(useSession.getState().user?.id).toBe(karen.id);

    await user.clear(within(dialog).getByLabelText(/^Din adgangskode/));
    await user.type(within(dialog).getByLabelText(/^Din adgangskode/), 'min-kode-1');
    await user.click(within(dialog).getByRole('button', { name: 'Slet konto permanent' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(deleted).toBe(1);
    expect(deleteBodies.at(-1)).toEqual({ currentPassword: 'min-kode-1' });
    expect(useSession.getState().user).toBeNull();
    expect(await screen.findByText('Din konto er slettet')).toBeTruthy();
  });

  it('when the service refuses (tasks in progress), then its Danish reason shows and the user stays signed in', async () => {
    deleteAnswer = () => HttpResponse.json({ code: 'account_has_active_tasks', message: accountDeletionTexts.accountHasActiveTasks }, { status: 409 });
    setSession(karen);
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Slet konto' }));
    await user.type(await screen.findByLabelText(/^Din adgangskode/), 'min-kode-1');
    await user.click(await screen.findByRole('button', { name: 'Slet konto permanent' }));

    expect(await screen.findByText(accountDeletionTexts.accountHasActiveTasks)).toBeTruthy();
    expect(useSession.getState().user?.id).toBe(karen.id);
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('when an admin opens the profile, then the export is there but not the deletion', async () => {
    setSession(makeUser({ name: 'Anna Admin', role: 'admin' }));
    renderApp('/profile');
    expect(await screen.findByRole('button', { name: 'Hent mine data' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Slet konto' })).toBeNull();
  });
});
