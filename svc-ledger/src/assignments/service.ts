import type { AuthUser, CarrierListAssignmentBody, CarrierListAssignmentJson, EventEnvelope } from '@fragtbud/contracts';
import { eventTypes, oreToDkk } from '@fragtbud/contracts';
import { causedBy, domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { shareCarrierList } from '../carrier-lists/repo';
import { carrierListNotFound } from '../carrier-lists/service';
import type { EventMeta, LedgerContext } from '../context';
import {
  deleteAssignment,
  deleteAssignmentOfUser,
  findAssignmentById,
  listAssignments,
  insertAssignmentIfAbsent,
  lockAssignmentOfUser,
  moveAssignment,
  type AssignmentRow,
  type AssignmentWithList,
} from './repo';

export function toAssignmentJson(row: AssignmentWithList): CarrierListAssignmentJson {
  return {
    id: row.id,
    userId: row.user_id,
    listId: row.list_id,
    list: {
      id: row.list_id,
      name: row.list_name,
      feePercentage: row.list_fee_percentage,
      fixedFee: oreToDkk(row.list_fixed_fee_ore),
      minFee: oreToDkk(row.list_min_fee_ore),
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function getAssignments(
  context: LedgerContext,
  userIds: number[] | undefined,
): Promise<{ items: CarrierListAssignmentJson[] }> {
  return { items: (await listAssignments(context.db, userIds)).map(toAssignmentJson) };
}

/**
 * Puts a carrier on a list. A carrier already on another list is moved (their assignment keeps its id); one
 * already on this list is left as is. `created` says whether the carrier was on no list before.
 */
export async function assignCarrier(
  context: LedgerContext,
  caller: AuthUser,
  { userId, listId }: CarrierListAssignmentBody,
  meta: EventMeta,
): Promise<{ assignment: CarrierListAssignmentJson; created: boolean }> {
  const { row, created } = await context.db.transaction(async (trx) => {
    const list = await shareCarrierList(trx, listId);
    if (!list) throw carrierListNotFound();
    const now = new Date();
    const inserted = await insertAssignmentIfAbsent(trx, userId, listId, caller.id, now);
    const previous = inserted ? undefined : await lockAssignmentOfUser(trx, userId);
    // Taken off their list by another admin between the two statements: let the admin try again.
    if (!inserted && !previous) throw domainError('assignment_changed');
    if (previous?.list_id === listId) return { row: await findAssignmentById(trx, previous.id), created: false };
    const saved = inserted ?? (await moveAssignment(trx, (previous as AssignmentRow).id, listId, caller.id, now));
    await context.outbox.add(
      trx,
      eventTypes.carrierListAssigned,
      {
        userId,
        assignmentId: saved.id,
        listId,
        listName: list.name,
        feePercentage: list.fee_percentage,
        fixedFeeOre: list.fixed_fee_ore,
        previousListId: previous?.list_id ?? null,
        assignedBy: caller.id,
      },
      meta,
    );
    return { row: await findAssignmentById(trx, saved.id), created: Boolean(inserted) };
  });
  context.logger.info({ userId, listId, by: caller.id, created }, 'carrier put on list');
  return { assignment: toAssignmentJson(row as AssignmentWithList), created };
}

export async function unassignCarrier(context: LedgerContext, caller: AuthUser, assignmentId: number, meta: EventMeta): Promise<void> {
  await context.db.transaction(async (trx) => {
    const removed = await deleteAssignment(trx, assignmentId);
    if (!removed) throw domainError('assignment_not_found');
    await context.outbox.add(
      trx,
      eventTypes.carrierListUnassigned,
      { userId: removed.user_id, assignmentId: removed.id, listId: removed.list_id, unassignedBy: caller.id },
      meta,
    );
  });
  context.logger.info({ assignmentId, by: caller.id }, 'carrier taken off list');
}

/** A deleted account is on no list any more (identity.user.deleted). */
export async function forgetDeletedUser(
  context: LedgerContext,
  event: EventEnvelope<{ userId: number }>,
  trx: Knex.Transaction,
): Promise<void> {
  const removed = await deleteAssignmentOfUser(trx, event.data.userId);
  if (!removed) return;
  await context.outbox.add(
    trx,
    eventTypes.carrierListUnassigned,
    { userId: removed.user_id, assignmentId: removed.id, listId: removed.list_id, unassignedBy: null },
    causedBy(event),
  );
}
