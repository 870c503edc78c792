import { createLogger } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTasks } from './demo-tasks';
import { fakeFrontEnds } from './fake-front-ends';
import { startEmbedded, type EmbeddedTopology } from './topology';

let topology: EmbeddedTopology;
// Bodies are read loosely here; the assertions say what must be in them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const get = async (path: string, token?: string): Promise<any> =>
  (await fetch(`${topology.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).json();

async function login(email: string): Promise<string> {
  const reply = await fetch(`${topology.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await reply.json()) as { token: string }).token;
}

beforeAll(async () => {
  topology = await startEmbedded({
    env: { PORT: '0', STATIC_ROOT: fakeFrontEnds(), DEMO_SEED: '1', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '0' },
    dataDir: 'memory',
    logger: createLogger({ name: 'test', level: 'silent' }),
  });
});

afterAll(async () => {
  await topology?.close();
});

describe('demo tasks (npm start)', () => {
  it('when the marketplace starts empty, then the demo customer has four open tasks a visitor can browse, and the demo carrier has bid on the move', async () => {
    expect(await seedDemoTasks(topology.url, new Date())).toEqual({ tasks: 4, bids: 1 });

    const browse = await get('/api/tasks');
    expect(browse.total).toBe(4);
    expect(browse.items.map((task: { type: string }) => task.type).sort()).toEqual(['courier', 'furniture', 'moving', 'package']);
    expect(browse.items.every((task: { status: string }) => task.status === 'open_for_bids')).toBe(true);

    const customer = await login('kunde@fragtbud.dk');
    const moving = browse.items.find((task: { type: string }) => task.type === 'moving');
    const bids = await get(`/api/tasks/${moving.id}/bids`, customer);
    expect(bids.items).toHaveLength(1);
    expect(bids.items[0]).toMatchObject({ carrier_name: 'Demo Vognmand', status: 'pending' });
    expect((await get('/api/tasks?mine=true', customer)).total).toBe(4);
  });

  it('when the product starts again on the same data, then nothing is added', async () => {
    expect(await seedDemoTasks(topology.url, new Date())).toEqual({ tasks: 0, bids: 0 });
    expect((await get('/api/tasks')).total).toBe(4);
  });
});
