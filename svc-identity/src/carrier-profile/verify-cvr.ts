import { AppError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById, lockUserById, updateUser } from '../users/repo';
import { announceCarrierProfile } from './announce';

/** What the register says of a number: found, not found, or nothing known (it did not answer). */
async function registerKnows(context: IdentityContext, cvrNumber: string): Promise<boolean | undefined> {
  try {
    await context.cvrLookup(cvrNumber);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return false;
    context.logger.warn({ err: error }, 'cvr check skipped: register unavailable');
    return undefined;
  }
}

/**
 * Asks the company register about a carrier's CVR number and records the answer ('CVR verificeret' on the public
 * profile while the number is still theirs). When the register cannot be reached, what was recorded stays.
 * `onlyFor`: check only when that is the carrier's number (a lookup of some other company changes nothing).
 */
export async function verifyCarrierCvr(context: IdentityContext, userId: number, onlyFor?: string): Promise<void> {
  const user = await findUserById(context.db, userId);
  if (!user || user.role !== 'carrier') return;
  if (onlyFor !== undefined && user.cvr_number !== onlyFor) return;
  const number = user.cvr_number;
  const known = number ? await registerKnows(context, number) : false;
  if (known === undefined) return;
  const verified = known ? number : null;
  if (verified === user.cvr_verified_number) return;
  await context.db.transaction(async (trx) => {
    const locked = await lockUserById(trx, userId);
    // The number changed while the register was asked: that change's own check decides.
    if (!locked || locked.cvr_number !== number) return;
    const updated = await updateUser(trx, userId, { cvr_verified_number: verified }, context.clock());
    if (updated) await announceCarrierProfile(context, trx, updated);
  });
}
