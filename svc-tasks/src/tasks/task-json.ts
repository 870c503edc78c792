import { privateDetailKeys, type AuthUser, type Task, type TaskRelation } from '@fragtbud/contracts';
import type { TaskRow } from './repo';

/** The caller's relation to a task: owner, the carrier it is assigned to, or neither. */
export function relationOf(caller: AuthUser | null, task: Pick<TaskRow, 'user_id' | 'assigned_carrier_id'>): TaskRelation {
  if (!caller) return 'none';
  if (task.user_id !== null && task.user_id === caller.id) return 'owner';
  if (caller.role === 'carrier' && task.assigned_carrier_id === caller.id) return 'assigned_carrier';
  return 'none';
}

/** Owner, admin and the assigned carrier see the whole task; everyone else the public view (spec section 6). */
export function seesFullTask(caller: AuthUser | null, task: Pick<TaskRow, 'user_id' | 'assigned_carrier_id'>): boolean {
  return caller?.role === 'admin' || relationOf(caller, task) !== 'none';
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Who sees a task's lowest bid — a customer total (spec section 1: gross to customers, payout to carriers). The
 * owner and admins always. Carriers never (they bid blind, shared/API.md). Visitors and other customers — the
 * contract makes the lowest bid public to them — while the task is open for bids: once a bid is chosen its price is
 * the owner's business (no winning prices on the browse list).
 */
export function seesLowestBid(caller: AuthUser | null, task: Pick<TaskRow, 'user_id' | 'status'>): boolean {
  if (!caller) return task.status === 'open_for_bids';
  if (caller.role === 'admin') return true;
  if (task.user_id !== null && task.user_id === caller.id) return true;
  return caller.role === 'customer' && task.status === 'open_for_bids';
}

/**
 * The task as JSON. The public view names nobody: no owner id, no assigned carrier id. `showsLowestBid: false` leaves
 * the lowest bid out (see `seesLowestBid`).
 */
export function toTaskJson(row: TaskRow, view: 'full' | 'public', options: { showsLowestBid?: boolean } = {}): Task {
  const full = view === 'full';
  const details = { ...row.details };
  if (!full) for (const key of privateDetailKeys) delete details[key];
  return {
    id: row.id,
    view,
    user_id: full ? row.user_id : null,
    is_guest: row.is_guest,
    is_test: row.is_test,
    type: row.type,
    status: row.status,
    from_address: full ? row.from_address : null,
    to_address: full ? row.to_address : null,
    from_postal_code: row.from_postal_code,
    from_city: row.from_city,
    to_postal_code: row.to_postal_code,
    to_city: row.to_city,
    description: row.description,
    details,
    preferred_pickup_date: row.preferred_pickup_date,
    preferred_delivery_date: row.preferred_delivery_date,
    time_frame_start: row.time_frame_start,
    time_frame_end: row.time_frame_end,
    is_flexible: row.is_flexible,
    contact_email: full ? row.contact_email : null,
    contact_phone: full ? row.contact_phone : null,
    assigned_carrier_id: full ? row.assigned_carrier_id : null,
    images: Array.isArray(row.images) ? row.images : [],
    lowest_bid: row.lowest_bid_ore === null || options.showsLowestBid === false ? null : Number(row.lowest_bid_ore) / 100,
    bid_count: row.bid_count,
    max_bids: row.max_bids,
    pickup_at: iso(row.pickup_at),
    delivered_at: iso(row.delivered_at),
    paid_at: full ? iso(row.paid_at) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The view a caller gets of a task. */
export function taskJsonFor(caller: AuthUser | null, row: TaskRow): Task {
  return toTaskJson(row, seesFullTask(caller, row) ? 'full' : 'public', { showsLowestBid: seesLowestBid(caller, row) });
}
