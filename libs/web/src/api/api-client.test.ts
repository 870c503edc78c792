import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupApiServer } from '../testing';
import { api } from './api-client';
import { ApiError } from './api-error';

const server = setupApiServer();

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends JSON with the session cookie only (no bearer token) and returns the parsed body', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/things', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );

    await expect(api.post('/things', { name: 'sofa' })).resolves.toEqual({ id: 7 });
    expect(seen).toEqual({ auth: null, type: 'application/json', body: { name: 'sofa' } });
  });

  it('sends an Idempotency-Key only when the caller gives one', async () => {
    const keys: Array<string | null> = [];
    server.use(
      http.post('/api/tasks', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );

    await api.post('/tasks', { type: 'moving' }, { idempotencyKey: 'submit-1' });
    await api.post('/tasks', { type: 'moving' });
    expect(keys).toEqual(['submit-1', null]);
  });

  it('puts query values in the URL and leaves out empty ones', async () => {
    let url = '';
    server.use(
      http.get('/api/users', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ items: [] });
      }),
    );
    await api.get('/users', { query: { role: 'carrier', limit: 100, q: '', page: undefined } });
    expect(new URL(url).search).toBe('?role=carrier&limit=100');
  });

  it('when the server answers 401, then the message is the session-expired text', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })));
    const error = await failureOf(api.get('/me'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Session udløbet – log ind igen' });
    expect(error.serverMessage).toBe('Ikke logget ind');
  });

  it('when the server answers 403, then the message is the no-access text', async () => {
    server.use(http.get('/api/admin', () => HttpResponse.json({ code: 'forbidden', message: 'Nej' }, { status: 403 })));
    await expect(failureOf(api.get('/admin'))).resolves.toMatchObject({ message: 'Du har ikke adgang til denne handling' });
  });

  it('for a sign-in call, a 401 shows what the server said', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ code: 'invalid_credentials', message: 'Forkert email eller adgangskode' }, { status: 401 }),
      ),
    );
    const error = await failureOf(api.post('/auth/login', {}, { preferServerMessage: true }));
    expect(error.message).toBe('Forkert email eller adgangskode');
  });

  it('otherwise shows the server message (or error field), with code and details', async () => {
    server.use(
      http.post('/api/a', () =>
        HttpResponse.json({ code: 'invalid_input', message: 'Ugyldige felter', details: [{ path: 'email', message: 'Forkert' }] }, { status: 400 }),
      ),
      http.post('/api/b', () => HttpResponse.json({ error: 'Kunne ikke oprette bud' }, { status: 409 })),
    );
    await expect(failureOf(api.post('/a'))).resolves.toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Ugyldige felter',
      details: [{ path: 'email', message: 'Forkert' }],
    });
    await expect(failureOf(api.post('/b'))).resolves.toMatchObject({ message: 'Kunne ikke oprette bud' });
  });

  it('falls back to "Noget gik galt" when the server gives no message', async () => {
    server.use(http.get('/api/broken', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(failureOf(api.get('/broken'))).resolves.toMatchObject({ status: 502, message: 'Noget gik galt' });
  });

  it('gives up after the timeout with a Danish message', async () => {
    server.use(
      http.get('/api/slow', async () => {
        // A server that never answers (a held request, not a sleep): only the client's timeout can end the call.
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await failureOf(api.get('/slow', { timeoutMs: 30 }));
    expect(error).toMatchObject({ status: 0, code: 'timeout', message: 'Serveren svarede ikke i tide. Prøv igen.' });
  });

  it('reports a network failure in Danish', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    await expect(failureOf(api.get('/down'))).resolves.toMatchObject({ code: 'network_error' });
  });

  it('resolves undefined for 204 No Content', async () => {
    server.use(http.delete('/api/users/4', () => new HttpResponse(null, { status: 204 })));
    await expect(api.delete('/users/4')).resolves.toBeUndefined();
  });
});
