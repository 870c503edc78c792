import { messages, sessionListSchema } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startIdentity, type StartedIdentity, bearerTransport } from '../test-harness';
import { describeDevice } from './service';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('GET /auth/sessions and DELETE /auth/sessions/{id}', () => {
  it('when a user has two sessions, then both are listed with device and the current one marked', async () => {
    const registered = await registerUser(identity);
    const phone = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      headers: { ...bearerTransport, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1' },
      client: { ip: '198.51.100.7', https: false },
    });
    const reply = await identity.call('GET', '/auth/sessions', { session: phone.body.token });
    expect(reply.status).toBe(200);
    const { items } = sessionListSchema.parse(reply.body);
    expect(items).toHaveLength(2);
    const current = items.find((item) => item.current);
    expect(current).toMatchObject({ device: 'Safari på iOS', ip: '198.51.100.7' });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    expect(JSON.stringify(reply.body)).not.toContain('token_hash');
  });

  it('when a user ends another of their sessions, then it no longer resolves', async () => {
    const registered = await registerUser(identity);
    const second = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: registered.user.email, password: registered.password } });
    const { items } = (await identity.call('GET', '/auth/sessions', { session: second.body.token })).body;
    const other = items.find((item: { current: boolean }) => !item.current);
    const reply = await identity.call('DELETE', `/auth/sessions/${other.id}`, { session: second.body.token });
    expect(reply.status).toBe(204);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } })).status).toBe(401);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: second.body.token } })).status).toBe(200);
  });

  it('when a user logs out of all other sessions, then only the current one lives on, and nobody else is touched', async () => {
    const registered = await registerUser(identity);
    const bystander = await registerUser(identity);
    const login = () => identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: registered.user.email, password: registered.password } });
    const second = await login();
    const third = await login();
    const resolves = async (token: string) => (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status;

    const reply = await identity.call('DELETE', '/auth/sessions', { session: third.body.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ended: 2 });
    expect(await resolves(registered.token)).toBe(401);
    expect(await resolves(second.body.token)).toBe(401);
    expect(await resolves(third.body.token)).toBe(200);
    expect(await resolves(bystander.token)).toBe(200);
    const { items } = sessionListSchema.parse((await identity.call('GET', '/auth/sessions', { session: third.body.token })).body);
    expect(items.map((item) => item.current)).toEqual([true]);
    expect((await identity.call('DELETE', '/auth/sessions')).status).toBe(401);
  });

  it("when a user tries to end someone else's session, then 404 and it lives on", async () => {
    const victim = await registerUser(identity);
    const attacker = await registerUser(identity);
    const [victimSession] = (await identity.call('GET', '/auth/sessions', { session: victim.token })).body.items;
    const reply = await identity.call('DELETE', `/auth/sessions/${victimSession.id}`, { session: attacker.token });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'session_not_found', message: messages.sessionNotFound });
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: victim.token } })).status).toBe(200);
  });

  it('when the id is not a number, then 400 Ugyldigt sessions-id; anonymous, then 401', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('DELETE', '/auth/sessions/abc', { session: token });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_session_id', message: messages.invalidSessionId });
    expect((await identity.call('GET', '/auth/sessions')).status).toBe(401);
  });

  it('when a user agent is known, then the device reads in Danish', () => {
    expect(describeDevice(chromeOnWindows)).toBe('Chrome på Windows');
    expect(describeDevice(null)).toBe('Ukendt enhed');
  });
});
