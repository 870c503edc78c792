import { http, HttpResponse } from 'msw';

/** The home page asks for reviews; most shell tests do not care what they are. */
export const noReviews = http.get('/api/ratings/public', () => HttpResponse.json({ items: [] }));
