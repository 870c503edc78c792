import type { Task } from '@fragtbud/contracts';

let nextId = 1;

/** A task as GET /api/tasks answers it (full view), with sensible defaults for a test. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  const id = overrides.id ?? nextId++;
  return {
    id,
    view: 'full',
    user_id: 2,
    is_guest: false,
    is_test: false,
    type: 'moving',
    status: 'open_for_bids',
    from_address: 'Vestergade 1, 8000 Aarhus C',
    to_address: 'Nørrebrogade 10, 2200 København N',
    from_postal_code: '8000',
    from_city: 'Aarhus C',
    to_postal_code: '2200',
    to_city: 'København N',
    description: 'Flytning af 2-værelses lejlighed',
    details: {},
    preferred_pickup_date: null,
    preferred_delivery_date: null,
    time_frame_start: null,
    time_frame_end: null,
    is_flexible: false,
    contact_email: null,
    contact_phone: null,
    assigned_carrier_id: null,
    images: [],
    lowest_bid: null,
    bid_count: 0,
    max_bids: null,
    pickup_at: null,
    delivered_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
