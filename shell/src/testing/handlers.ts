import { http, HttpResponse } from 'msw';

/** The home page asks for reviews; most shell tests do not care what they are. */
export const noReviews = http.get('/api/ratings/public', () => HttpResponse.json({ items: [] }));

/** The task lists (browse, /tasks, dashboard counts) answer empty for tests about something else. */
export const noTasks = http.get('/api/tasks', ({ request }) =>
  HttpResponse.json({ items: [], total: 0, page: 1, limit: Number(new URL(request.url).searchParams.get('limit') ?? 20) }),
);

/** A task page opened by a redirect test: the task does not exist. */
export const noSuchTask = http.get('/api/tasks/:id', () =>
  HttpResponse.json({ code: 'task_not_found', message: 'Opgave ikke fundet' }, { status: 404 }),
);

/** The layout's notification bar asks on every page; most tests don't care. */
export const noNotifications = http.get('/api/notifications', () => HttpResponse.json({ items: [] }));
