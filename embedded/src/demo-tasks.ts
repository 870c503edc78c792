/**
 * `npm start` opens on a marketplace with something in it: the demo customer's open tasks of four types, one of them
 * with a bid from the demo carrier, created through the gateway's API as the demo users themselves (the same
 * validation, events and projections as any other task and bid). Once only: when the demo customer already has
 * tasks (a later start on the same data), nothing is added.
 */
import { demoAccounts } from '@fragtbud/svc-identity';

export interface DemoTasksResult {
  /** Tasks created now (0 when the demo customer already had some). */
  tasks: number;
  bids: number;
}

interface DemoTask {
  body: Record<string, unknown>;
  /** The demo carrier bids this much (net DKK) on it. */
  bid?: number;
}

const dayMs = 24 * 3600 * 1000;
/** A call that takes longer gives up: `npm start` must print its address whatever happens here. */
const callTimeoutMs = 15_000;

/** yyyy-mm-dd, `days` after `now`. */
const dateAfter = (now: Date, days: number) => new Date(now.getTime() + days * dayMs).toISOString().slice(0, 10);

export function demoTasks(now: Date): DemoTask[] {
  const dates = (pickupInDays: number) => ({
    preferred_pickup_date: dateAfter(now, pickupInDays),
    preferred_delivery_date: dateAfter(now, pickupInDays + 1),
    time_frame_start: '08:00',
    time_frame_end: '16:00',
  });
  return [
    {
      body: {
        type: 'moving',
        from_address: 'Vestergade 12, 8000 Aarhus C',
        to_address: 'Nørregade 5, 1165 København K',
        description: 'Flytning af en treværelses lejlighed fra 2. sal uden elevator. Kasserne er pakket, og vaskemaskine og køleskab skal med.',
        details: { apartmentSize: 'medium', numberOfRooms: 3, contactPhone: '+45 20 30 40 50', floorFrom: 2, parkingDistanceFrom: 25 },
        ...dates(10),
        is_flexible: true,
      },
      bid: 4_500,
    },
    {
      body: {
        type: 'furniture',
        from_address: 'Algade 3, 4000 Roskilde',
        to_address: 'Vesterbrogade 40, 1620 København V',
        description: 'Sofa købt brugt skal hentes i butikken og bæres op på 3. sal.',
        details: { furnitureType: 'sofa', numberOfItems: 1 },
        ...dates(7),
        is_flexible: false,
      },
    },
    {
      body: {
        type: 'package',
        from_address: 'Industrivej 8, 7100 Vejle',
        to_address: 'Havnegade 20, 6700 Esbjerg',
        description: 'To paller med fliser til terrassen. Der er rampe ved afhentning.',
        details: { packageType: 'pallet', numberOfItems: 2, totalWeight: 600 },
        ...dates(14),
        is_flexible: true,
      },
    },
    {
      body: {
        type: 'courier',
        from_address: 'Boulevarden 13, 9000 Aalborg',
        to_address: 'Sankt Mathias Gade 4, 8800 Viborg',
        description: 'Kuvert med underskrevne kontrakter skal leveres samme dag.',
        details: { packageSize: 'small', packageWeight: 0.5 },
        ...dates(3),
        is_flexible: false,
      },
    },
  ];
}

/** Creates the demo tasks (and the demo carrier's bid) through the gateway at `baseUrl`, unless there already are some. */
export async function seedDemoTasks(baseUrl: string, now = new Date()): Promise<DemoTasksResult> {
  const customer = await sessionOf(baseUrl, 'customer');
  const mine = await call(baseUrl, 'GET', '/api/tasks?mine=true&limit=1', customer);
  if (Number(mine.total) > 0) return { tasks: 0, bids: 0 };

  const carrier = await sessionOf(baseUrl, 'carrier');
  let bids = 0;
  const tasks = demoTasks(now);
  for (const [i, task] of tasks.entries()) {
    const created = await call(baseUrl, 'POST', '/api/tasks', customer, task.body, `demo-task-${i + 1}`);
    if (task.bid === undefined) continue;
    await call(baseUrl, 'POST', '/api/bids', carrier, { taskId: created.id, price: task.bid }, `demo-bid-${i + 1}`);
    bids += 1;
  }
  return { tasks: tasks.length, bids };
}

async function sessionOf(baseUrl: string, role: 'customer' | 'carrier'): Promise<string> {
  const account = demoAccounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
    body: JSON.stringify({ email: account.email, password: account.password }),
    signal: AbortSignal.timeout(callTimeoutMs),
  });
  const body = (await reply.json()) as { token?: string };
  if (!reply.ok || !body.token) throw new Error(`demo ${role} could not log in: ${reply.status}`);
  return body.token;
}

async function call(baseUrl: string, method: string, path: string, token: string, json?: unknown, idempotencyKey?: string) {
  const reply = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    signal: AbortSignal.timeout(callTimeoutMs),
  });
  const body = (await reply.json()) as Record<string, unknown>;
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(body)}`);
  return body;
}
