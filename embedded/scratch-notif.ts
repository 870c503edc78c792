import { createLogger } from '@fragtbud/platform';
import { startEmbedded } from './src/topology';

const topology = await startEmbedded({
  env: { DEMO_SEED: '1', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '0', STATIC_ROOT: '/tmp' },
  dataDir: 'memory',
  logger: createLogger({ name: 'scratch', level: 'silent' }),
});
const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(`${topology.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};
try {
  const login = async (email: string) => (await call('POST', '/auth/login', undefined, { email, password: 'demo1234' })).body;
  const customer = await login('kunde@fragtbud.dk');
  const carrier = await login('vognmand@fragtbud.dk');
  const admin = await login('admin@fragtbud.dk');
  const task = await call('POST', '/tasks', customer.token, {
    type: 'courier', from_address: 'Vestergade 12, 8000 Aarhus C', to_address: 'Nørregade 5, 1165 København K',
    description: 'Test', details: { packageSize: 'small', packageWeight: 2.5 }, contact_phone: '12345678',
  });
  console.log('task', task.status, task.body.id, task.body.status);
  for (const [status, updates] of [['assigned', { assigned_carrier_id: carrier.user.id }], ['completed', undefined]] as const) {
    const r = await call('PATCH', `/tasks/${task.body.id}/status`, admin.token, { status, updates });
    console.log('patch', status, r.status, r.body?.status ?? r.body);
  }
  await new Promise((r) => setTimeout(r, 1500));
  const mine = await call('GET', '/notifications?unread=1&limit=5', customer.token);
  console.log('customer', mine.status, JSON.stringify(mine.body.items.map((n: any) => [n.id, n.kind, n.title, n.message])));
  const theirs = await call('GET', '/notifications?unread=1&limit=5', carrier.token);
  console.log('carrier', theirs.status, JSON.stringify(theirs.body.items.map((n: any) => [n.id, n.kind, n.message])));
  const adminOwn = await call('GET', '/notifications', admin.token);
  console.log('admin', adminOwn.status, adminOwn.body.items.length);
  const steal = await call('PUT', `/notifications/${mine.body.items[0].id}/read`, carrier.token);
  console.log('carrier reads customer’s', steal.status, steal.body);
  const read = await call('PUT', `/notifications/${mine.body.items[0].id}/read`, customer.token);
  console.log('customer reads own', read.status, read.body.is_read);
  console.log('anon', (await call('GET', '/notifications')).status, 'bad', JSON.stringify((await call('GET', '/notifications?limit=99', customer.token)).body));
} finally {
  await topology.close();
}
