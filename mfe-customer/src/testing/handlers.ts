import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Task } from '@fragtbud/contracts';

/** msw handlers per resource for the customer remote's tests (every other request fails the test). */

/** GET /api/geo/suggest: the given suggestions for every query (none by default: a plain text field). */
export function geoSuggest(items: JsonBodyType[] = []) {
  return http.get('/api/geo/suggest', () => HttpResponse.json({ items }));
}

/** A task as GET /tasks/{id} shows it to its owner. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 7,
    view: 'full',
    user_id: 100,
    is_guest: false,
    is_test: false,
    type: 'furniture',
    status: 'open_for_bids',
    from_address: 'Vestergade 1, 8000 Aarhus C',
    to_address: 'Nørregade 2, 1165 København K',
    from_postal_code: '8000',
    from_city: 'Aarhus C',
    to_postal_code: '1165',
    to_city: 'København K',
    description: 'Stor sofa og et spisebord',
    details: { furnitureType: 'sofa', numberOfItems: 2, weight: 80.5, dimensions: { length: 220, width: 90, height: 85 }, needAssembly: true, floorFrom: 2, hasElevator: false },
    preferred_pickup_date: '2026-03-05',
    preferred_delivery_date: '2026-03-06',
    time_frame_start: '08:00',
    time_frame_end: '12:00',
    is_flexible: true,
    contact_email: null,
    contact_phone: null,
    assigned_carrier_id: null,
    images: ['/api/files/a.jpg'],
    lowest_bid: null,
    bid_count: 0,
    max_bids: null,
    pickup_at: null,
    delivered_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Records the bodies sent to POST /api/tasks and answers with `answer` (201 with a task by default). */
/** POST /tasks: records each body, its Idempotency-Key and query; `answer` may differ per call (0, 1, …). */
export function createTaskHandler(answer?: (call: number) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  const keys: Array<string | null> = [];
  const queries: string[] = [];
  const handler = http.post('/api/tasks', async ({ request }) => {
    const call = bodies.length;
    bodies.push((await request.json()) as Record<string, unknown>);
    keys.push(request.headers.get('Idempotency-Key'));
    queries.push(new URL(request.url).search);
    return answer ? answer(call) : HttpResponse.json(makeTask({ id: 42 }), { status: 201 });
  });
  return { handler, bodies, keys, queries };
}

export function getTaskHandler(answer: () => Response) {
  return http.get('/api/tasks/:id', answer);
}

export function updateTaskHandler(answer?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const handler = http.put('/api/tasks/:id', async ({ request }) => {
    bodies.push((await request.json()) as Record<string, unknown>);
    return answer ? answer() : HttpResponse.json(makeTask());
  });
  return { handler, bodies };
}
