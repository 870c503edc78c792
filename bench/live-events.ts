/**
 * GET /api/events under load (embedded topology, in-process bus): 1 000 open streams (one per customer, held by a
 * child process), then for LIVE_BENCH_SECONDS (20) an admin writes chat messages to random customers (20/s) and
 * changes the status of customers' tasks (5/s). Reports the latency from the write's HTTP response to the event on
 * the receiver's stream (p50/p95/p99/max, and any not delivered) and the gateway process's memory per open stream.
 * Run: cd bench && node --expose-gc --import tsx live-events.ts
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { createLogger } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';

const streamCount = Number(process.env.LIVE_BENCH_STREAMS ?? 1000);
const seconds = Number(process.env.LIVE_BENCH_SECONDS ?? 20);
const messagesPerSecond = 20;
const statusChangesPerSecond = 5;
const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const topology = await startEmbedded({
  env: { PORT: '0', LOG_LEVEL: 'silent', DEMO_SEED: '1', API_RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT: '1000000' },
  dataDir: 'memory',
  logger: createLogger({ name: 'bench', level: 'silent' }),
});
const url = topology.url;

async function api<T>(pathname: string, token: string | null, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const admin = await api<{ token: string }>('/auth/login', null, 'POST', { email: 'admin@fragtbud.dk', password: 'demo1234' });
process.stdout.write(`registering ${streamCount} customers …\n`);
const customers: Array<{ token: string; user: { id: number } }> = [];
for (let i = 0; i < streamCount; i += 8) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(8, streamCount - i) }, (_, k) =>
      api<{ token: string; user: { id: number } }>('/auth/register', null, 'POST', {
        name: `Kunde ${i + k}`,
        email: `bench-${i + k}-${Date.now()}@example.dk`,
        password: 'hemmelig1',
        role: 'customer',
        acceptTerms: true,
      }),
    ),
  );
  customers.push(...batch);
}
const taskBody = {
  type: 'furniture',
  from_address: 'Kongensgade 10, 5000 Odense C',
  to_address: 'Algade 3, 4000 Roskilde',
  description: 'Et spisebord',
  details: { furnitureType: 'dining_table', numberOfItems: 1 },
};
// Status changes go to the owners of 50 tasks; chat messages come from the admin on one task, to anyone.
const statusTasks = await Promise.all(
  customers.slice(0, 50).map(async (owner) => ({ owner, id: (await api<{ id: number }>('/tasks', owner.token, 'POST', taskBody)).id })),
);
const [firstTask] = statusTasks;
if (!firstTask) throw new Error('no task to chat on');
const chatTask = firstTask.id;

globalThis.gc?.();
const before = process.memoryUsage();
const clients = fork(path.join(import.meta.dirname, 'live-clients.ts'), { execArgv: ['--import', 'tsx'] });
const fromClients = <T>(key: string) =>
  new Promise<T>((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (key in message) {
        clients.off('message', listener);
        resolve(message as T);
      }
    };
    clients.on('message', listener);
  });
const ready = fromClients<{ ready: number }>('ready');
clients.send({ start: { url, tokens: customers.map((customer) => customer.token) } });
process.stdout.write(`open streams: ${(await ready).ready}\n`);
await new Promise((resolve) => setTimeout(resolve, 2_000));
globalThis.gc?.();
const after = process.memoryUsage();

// Steady load: the write's response time is the start of the clock.
const sentMessages = new Map<number, number>();
const requestedMessages = new Map<number, number>();
const sentStatuses: Array<{ taskId: number; status: string; at: number }> = [];
const errors: string[] = [];
const statusOf = new Map(statusTasks.map((task) => [task.id, 'open_for_bids']));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const timers = [
  setInterval(() => {
    const receiver = pick(customers.slice(1));
    const requestedAt = now();
    api<{ id: number }>('/chat/messages', admin.token, 'POST', { taskId: chatTask, receiverId: receiver.user.id, message: 'Status på din opgave' })
      .then((message) => {
        sentMessages.set(message.id, now());
        requestedMessages.set(message.id, requestedAt);
      })
      .catch((error: unknown) => errors.push(String(error)));
  }, 1000 / messagesPerSecond),
  setInterval(() => {
    const task = pick(statusTasks.slice(1));
    const status = statusOf.get(task.id) === 'open_for_bids' ? 'pending_admin_review' : 'open_for_bids';
    statusOf.set(task.id, status);
    api('/tasks/' + task.id + '/status', admin.token, 'PATCH', { status })
      .then(() => sentStatuses.push({ taskId: task.id, status, at: now() }))
      .catch((error: unknown) => errors.push(String(error)));
  }, 1000 / statusChangesPerSecond),
];
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
timers.forEach(clearInterval);
await new Promise((resolve) => setTimeout(resolve, 2_000));

const report = fromClients<{ messages: Array<{ id: number; at: number }>; statuses: Array<{ taskId: number; status: string; at: number }>; open: number }>('messages');
clients.send({ report: true });
const received = await report;

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const round = (value: number) => Math.round(value * 10) / 10;
  return `n ${sorted.length}, p50 ${round(at(50))} ms, p95 ${round(at(95))} ms, p99 ${round(at(99))} ms, max ${round(sorted.at(-1) ?? NaN)} ms`;
}

const messageLatencies: number[] = [];
const fromRequest: number[] = [];
const receivedAt = new Map(received.messages.map((message) => [message.id, message.at]));
let missingMessages = 0;
for (const [id, sentAt] of sentMessages) {
  const at = receivedAt.get(id);
  if (at === undefined) missingMessages += 1;
  else {
    messageLatencies.push(at - sentAt);
    fromRequest.push(at - (requestedMessages.get(id) ?? sentAt));
  }
}
// A status event is matched to the change of its task with the same status, in order.
const statusLatencies: number[] = [];
const pending = new Map<string, number[]>();
for (const sent of sentStatuses) pending.set(`${sent.taskId}:${sent.status}`, [...(pending.get(`${sent.taskId}:${sent.status}`) ?? []), sent.at]);
const receivedStatuses = received.statuses.filter((status) => statusTasks.some((task) => task.id === status.taskId));
for (const event of receivedStatuses) {
  const queue = pending.get(`${event.taskId}:${event.status}`);
  const sentAt = queue?.shift();
  if (sentAt !== undefined) statusLatencies.push(event.at - sentAt);
}
const missingStatuses = [...pending.values()].reduce((sum, queue) => sum + queue.length, 0);

const lines = [
  `streams ${received.open} open for ${seconds} s; ${messagesPerSecond} messages/s and ${statusChangesPerSecond} status changes/s`,
  `chat.message, write response → receiver's stream: ${percentiles(messageLatencies)}, not delivered ${missingMessages}`,
  `chat.message, write request sent → receiver's stream: ${percentiles(fromRequest)}`,
  `task.status, PATCH response → owner's stream: ${percentiles(statusLatencies)}, not delivered ${missingStatuses}`,
  `gateway process (gateway + services, in-process bus): heap +${mb(after.heapUsed - before.heapUsed)} MB, rss +${mb(after.rss - before.rss)} MB for ${received.open} streams → ${Math.round((after.heapUsed - before.heapUsed) / received.open / 102.4) / 10} KB heap, ${Math.round((after.rss - before.rss) / received.open / 102.4) / 10} KB rss per stream`,
  `errors ${errors.length}${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
await topology.close();
process.exit(0);
