import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages, type Rating } from '@fragtbud/contracts';
import { renderWithQueryClient, setupApiServer } from '../testing';
import { RATING_FAILED, ReviewForm } from './review-form';
import { queryKeys } from '../query/query-keys';

const server = setupApiServer();

const completed = { id: 5, status: 'completed' } as const;

const rating = (overrides: Partial<Rating> = {}): Rating => ({
  id: 1,
  task_id: 5,
  customer_id: 2,
  carrier_id: 3,
  user_type: 'customer',
  rating: 4,
  comment: null,
  is_test: false,
  date: '2026-11-21',
  created_at: '2026-11-21T10:00:00.000Z',
  customer_name: 'Karen',
  carrier_name: null,
  ...overrides,
});

function serveRatings(existing: Rating[] = []) {
  const asked: string[] = [];
  const posted: unknown[] = [];
  server.use(
    http.get('/api/ratings', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ items: existing });
    }),
    http.post('/api/ratings', async ({ request }) => {
      const body = (await request.json()) as { rating: number };
      posted.push(body);
      return HttpResponse.json(rating({ rating: body.rating }), { status: 201 });
    }),
  );
  return { asked, posted };
}

describe('review form', () => {
  it("offers the owner the five labelled choices and says 'Vælg venligst en vurdering' without one", async () => {
    const api = serveRatings();
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);

    const scale = await screen.findByRole('group', { name: 'Din vurdering' });
    expect(within(scale).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    for (const label of ['Meget dårlig', 'Dårlig', 'Okay', 'God', 'Fremragende']) expect(within(scale).getByRole('radio', { name: label })).toBeTruthy();
    expect(api.asked).toEqual(['?taskId=5&userType=customer']);

    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));
    expect(screen.getByText(messages.ratingRequired)).toBeTruthy();
    expect(scale.getAttribute('aria-invalid')).toBe('true');
    expect(api.posted).toEqual([]);
  });

  it("sends the score and the comment, then says 'Tak for din vurdering!'", async () => {
    const api = serveRatings();
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);

    await userEvent.click(await screen.findByRole('radio', { name: 'Fremragende' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Kommentar' }), '  Hurtig og venlig  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));

    expect((await screen.findByRole('status')).textContent).toBe('Tak for din vurdering!');
    expect(api.posted).toEqual([{ taskId: 5, rating: 5, userType: 'customer', comment: 'Hurtig og venlig' }]);
    expect(screen.queryByRole('button', { name: 'Send vurdering' })).toBeNull();
  });

  it("when 'Send vurdering' is double-clicked, then one rating is posted, the button is disabled meanwhile, and it says 'Tak for din vurdering!'", async () => {
    const api = serveRatings();
    let answer: () => void = () => undefined;
    server.use(
      http.post('/api/ratings', async ({ request }) => {
        const body = (await request.json()) as { rating: number };
        api.posted.push(body);
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(rating({ rating: body.rating }), { status: 201 });
      }),
    );
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'God' }));
    const send = screen.getByRole('button', { name: 'Send vurdering' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(true));
    answer();
    expect((await screen.findByRole('status')).textContent).toBe('Tak for din vurdering!');
    expect(api.posted).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("when the server answers 409 and this side's rating is there (rated in another tab), then it says 'Tak for din vurdering!', not a failure", async () => {
    let rated = false;
    server.use(
      http.get('/api/ratings', () => HttpResponse.json({ items: rated ? [rating()] : [] })),
      http.post('/api/ratings', () => {
        rated = true;
        return HttpResponse.json({ code: 'rating_exists', message: messages.ratingAlreadyGiven }, { status: 409 });
      }),
    );
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Okay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tak for din vurdering!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's 409 text when the server refuses but no rating of this side is found", async () => {
    serveRatings();
    server.use(
      http.post('/api/ratings', () =>
        HttpResponse.json({ code: 'rating_exists', message: messages.ratingAlreadyGiven }, { status: 409 }),
      ),
    );
    renderWithQueryClient(<ReviewForm task={completed} side="carrier" />);
    expect(await screen.findByRole('heading', { name: 'Vurder kunden' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Okay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Du har allerede afgivet en vurdering for denne opgave');
  });

  it("says 'Kunne ikke indsende vurdering.' when the server fails", async () => {
    serveRatings();
    server.use(http.post('/api/ratings', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'God' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RATING_FAILED);
  });

  it("shows a side that has rated its own stars and comment instead of the form (after a reload too)", async () => {
    const api = serveRatings([rating({ rating: 4, comment: 'Pæn og punktlig' })]);
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);
    const given = await screen.findByRole('region', { name: 'Din vurdering' });
    expect(within(given).getByRole('img', { name: '4,0 ud af 5 stjerner' })).toBeTruthy();
    expect(within(given).getByText('God')).toBeTruthy();
    expect(within(given).getByText('Pæn og punktlig')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send vurdering' })).toBeNull();
    expect(api.asked).toEqual(['?taskId=5&userType=customer']);
  });

  it('after sending, shows the thanks and the rating just given', async () => {
    let given: Rating | null = null;
    server.use(
      http.get('/api/ratings', () => HttpResponse.json({ items: given ? [given] : [] })),
      http.post('/api/ratings', async ({ request }) => {
        const body = (await request.json()) as { rating: number; comment?: string };
        given = rating({ rating: body.rating, comment: body.comment ?? null });
        return HttpResponse.json(given, { status: 201 });
      }),
    );
    renderWithQueryClient(<ReviewForm task={completed} side="customer" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Fremragende' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Kommentar' }), 'Hurtig og venlig');
    await userEvent.click(screen.getByRole('button', { name: 'Send vurdering' }));

    const region = await screen.findByRole('region', { name: 'Din vurdering' });
    expect(within(region).getByRole('status').textContent).toBe('Tak for din vurdering!');
    expect(await within(region).findByRole('img', { name: '5,0 ud af 5 stjerner' })).toBeTruthy();
    expect(within(region).getByText('Hurtig og venlig')).toBeTruthy();
  });

  it('is not there, and asks nothing, for a task not completed', () => {
    const api = serveRatings([rating()]);
    const { client } = renderWithQueryClient(<ReviewForm task={{ id: 5, status: 'delivered' }} side="customer" />);
    expect(screen.queryByRole('radio')).toBeNull();
    // Nothing is being fetched right after the render (an enabled query would be), so no request can be under way.
    expect(client.isFetching({ queryKey: queryKeys.taskReview(5) })).toBe(0);
    expect(api.asked).toEqual([]);
  });
});
