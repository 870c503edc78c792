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

/** The header asks for the unread chat count of a signed-in user; most tests don't care. */
export const noChatThreads = http.get('/api/chat/threads', () => HttpResponse.json({ items: [], unread_total: 0 }));

/** No OpenID Connect provider configured (the login page asks). */
export const oidcDisabled = http.get('/api/auth/oidc/config', () => HttpResponse.json({ enabled: false, label: null }));

/** No provider logins linked (the profile's Sikkerhed tab asks). */
export const noOidcLinks = http.get('/api/auth/oidc/links', () => HttpResponse.json({ items: [] }));

/** The footer asks for the company details (GET /api/site); most tests don't care. */
export const siteDetails = http.get('/api/site', () =>
  HttpResponse.json({ companyName: 'Fragtbud', cvr: null, address: null, email: null, phone: null }),
);
