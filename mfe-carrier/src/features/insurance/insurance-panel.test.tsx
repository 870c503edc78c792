import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { InsurancePanel } from './insurance-panel';

const server = setupApiServer();
const recorded: unknown[] = [];
let items: Array<Record<string, unknown>> = [];

beforeEach(() => {
  recorded.length = 0;
  items = [];
  setSession(makeUser({ id: 3, role: 'carrier' }));
  server.use(
    http.get('/api/users/insurance/me', () => HttpResponse.json({ items })),
    http.post('/api/upload/document', () => HttpResponse.json({ file_url: '/api/files/police.pdf' }, { status: 201 })),
    http.post('/api/users/insurance', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      recorded.push(body);
      items = [{ id: 1, file_url: body.file_url, expires_at: body.expires_at, notes: body.notes, expired: false }];
      return HttpResponse.json(items[0], { status: 201 });
    }),
  );
});

describe('Forsikring', () => {
  it('when no file is chosen, then it says so and nothing is sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InsurancePanel />);
    const form = await screen.findByRole('form', { name: 'Forsikring' });
    await user.click(within(form).getByRole('button', { name: 'Gem forsikring' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(messages.insuranceFileRequired);
    expect(recorded).toEqual([]);
  });

  it('when a certificate is uploaded with notes, then it is recorded, listed and the form is emptied', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InsurancePanel />);
    const form = await screen.findByRole('form', { name: 'Forsikring' });
    await user.upload(within(form).getByLabelText('Forsikringsbevis (PDF eller billede)'), new File(['%PDF'], 'police.pdf', { type: 'application/pdf' }));
    await user.type(within(form).getByLabelText('Noter'), 'Police 4711');
    await user.click(within(form).getByRole('button', { name: 'Gem forsikring' }));
    expect(await within(form).findByText('Forsikring gemt')).toBeTruthy();
    expect(recorded).toEqual([{ file_url: '/api/files/police.pdf', expires_at: '', notes: 'Police 4711' }]);
    expect(await within(screen.getByRole('list', { name: 'Forsikringer' })).findByText('Police 4711')).toBeTruthy();
    expect((within(form).getByLabelText('Noter') as HTMLInputElement).value).toBe('');
  });
});
