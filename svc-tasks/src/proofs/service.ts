import { canTransition, capturedAtProblem, eventTypes, hasProofContent, proofDeletionClosedStatuses, type AddProofBody, type AuthUser, type EventPayload, type Proof, type TaskStatus } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, TasksContext } from '../context';
import { findTaskById, lockTaskById, type TaskRow } from '../tasks/repo';
import { applyStatus } from '../tasks/service';
import { relationOf, seesFullTask } from '../tasks/task-json';
import { deleteProof, findProof, insertProof, freightNoteLockedFor, listProofs, toProofJson } from './repo';

const notFound = () => domainError('task_not_found');
const forbidden = () => domainError('forbidden');
const notNow = () => domainError('status_change_not_allowed');

/** Statuses a proof may be submitted in (spec section 6), and the status it moves the task to. */
const pickupStatuses: readonly TaskStatus[] = ['assigned', 'paid', 'picked_up'];
const carrierDeliveryStatuses: readonly TaskStatus[] = ['picked_up', 'in_transit'];
const adminDeliveryStatuses: readonly TaskStatus[] = ['picked_up', 'in_transit', 'in_progress', 'delivered'];

/** Who may submit which proof now: 403 for the wrong person, 409 for the right person at the wrong time. */
function checkMaySubmit(caller: AuthUser, task: TaskRow, type: 'pickup' | 'delivery'): void {
  const relation = relationOf(caller, task);
  const isAdmin = caller.role === 'admin';
  if (type === 'pickup') {
    // Admins who are not the owner, or the assigned carrier while assigned, paid or picked up.
    if (isAdmin ? relation === 'owner' : relation !== 'assigned_carrier') throw forbidden();
    if (!pickupStatuses.includes(task.status)) throw notNow();
    return;
  }
  if (!isAdmin && relation !== 'assigned_carrier') throw forbidden();
  if (!(isAdmin ? adminDeliveryStatuses : carrierDeliveryStatuses).includes(task.status)) throw notNow();
}

/** `captured_at` within the clock skew ahead and 24 h back, else 400 naming the field. */
function checkedCaptureTime(raw: string, now: Date): Date {
  const problem = capturedAtProblem(raw, now);
  if (problem) throw domainError('invalid_captured_at', { message: problem, details: [{ path: 'captured_at', message: problem }] });
  return new Date(raw);
}

export interface AddedProof {
  proof: Proof;
  task: { id: number; status: TaskStatus; pickup_at: string | null; delivered_at: string | null };
}

export async function addProof(context: TasksContext, caller: AuthUser, taskId: number, body: AddProofBody, meta: EventMeta): Promise<AddedProof> {
  if (!hasProofContent(body)) {
    throw domainError('proof_required');
  }
  const capturedAt = body.captured_at === undefined ? null : checkedCaptureTime(body.captured_at, new Date());
  return context.db.transaction(async (trx) => {
    let task = await lockTaskById(trx, taskId);
    if (!task || (task.status === 'pending_admin_review' && !seesFullTask(caller, task))) throw notFound();
    checkMaySubmit(caller, task, body.type);

    const now = new Date();
    // A proof sent later from the device's queue happened when it was captured (the task's pickup/delivery time).
    const occurredAt = body.occurred_at ? new Date(body.occurred_at) : (capturedAt ?? now);
    const failed = body.failed === true;
    const type = failed ? (body.type === 'pickup' ? 'pickup_failed' : 'delivery_failed') : body.type;
    const proof = await insertProof(
      trx,
      {
        task_id: taskId,
        type,
        image_urls: body.images ?? [],
        signature_image: body.signature ?? null,
        lat: body.lat ?? null,
        lng: body.lng ?? null,
        accuracy: body.accuracy ?? null,
        signer_name: body.signer_name ?? null,
        note: body.note ?? null,
        occurred_at: occurredAt,
        captured_at: capturedAt,
        submitted_by: caller.id,
      },
      now,
    );

    // A successful proof moves the task on (a failed attempt is only recorded); a repeated proof adds evidence only.
    const to: TaskStatus | null = failed ? null : body.type === 'pickup' ? 'picked_up' : 'delivered';
    if (to && task.status !== to) {
      const actor = caller.role === 'admin' ? 'admin' : caller.role;
      if (!canTransition(task.status, to, actor, relationOf(caller, task))) throw notNow();
      const updates = to === 'picked_up' ? { pickup_at: occurredAt.toISOString() } : { delivered_at: occurredAt.toISOString() };
      task = await applyStatus(trx, context, caller, task, to, updates, meta);
    }

    await context.outbox.add(
      trx,
      eventTypes.proofAdded,
      {
        taskId,
        userId: task.user_id,
        proofId: proof.id,
        proofType: type,
        assignedCarrierId: task.assigned_carrier_id,
        submittedBy: caller.id,
      } satisfies EventPayload<typeof eventTypes.proofAdded>,
      meta,
    );
    return {
      proof: toProofJson(proof),
      task: {
        id: task.id,
        status: task.status,
        pickup_at: task.pickup_at ? task.pickup_at.toISOString() : null,
        delivered_at: task.delivered_at ? task.delivered_at.toISOString() : null,
      },
    };
  });
}

/** The task's proofs, for those who see the full task (owner, admin, assigned carrier). */
export async function getProofs(context: TasksContext, caller: AuthUser, taskId: number): Promise<Proof[]> {
  const task = await findTaskById(context.db, taskId);
  if (!task || (task.status === 'pending_admin_review' && !seesFullTask(caller, task))) throw notFound();
  if (!seesFullTask(caller, task)) throw forbidden();
  return (await listProofs(context.db, taskId)).map(toProofJson);
}

/** Proofs for a task row already read (GET /tasks/:id full view). */
export async function proofsOf(context: TasksContext, taskId: number): Promise<Proof[]> {
  return (await listProofs(context.db, taskId)).map(toProofJson);
}

export async function removeProof(context: TasksContext, caller: AuthUser, taskId: number, proofId: number, meta: EventMeta): Promise<void> {
  await context.db.transaction(async (trx) => {
    const task = await lockTaskById(trx, taskId);
    if (!task || (task.status === 'pending_admin_review' && !seesFullTask(caller, task))) throw notFound();
    // Admin always; the assigned carrier while the note is not locked and the task not delivered, completed or cancelled.
    if (caller.role !== 'admin') {
      if (relationOf(caller, task) !== 'assigned_carrier') throw forbidden();
      if (proofDeletionClosedStatuses.includes(task.status) || (await freightNoteLockedFor(trx, taskId))) throw forbidden();
    }
    const proof = await findProof(trx, taskId, proofId);
    if (!proof) throw domainError('proof_not_found');
    await deleteProof(trx, proofId);
    await context.outbox.add(
      trx,
      eventTypes.proofDeleted,
      { taskId, userId: task.user_id, proofId, deletedBy: caller.id } satisfies EventPayload<typeof eventTypes.proofDeleted>,
      meta,
    );
  });
}
