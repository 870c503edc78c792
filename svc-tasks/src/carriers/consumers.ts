import { eventTypes, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { Db } from '../context';

type ProfileUpdated = EventPayload<typeof eventTypes.carrierProfileUpdated>;

async function project(trx: Db, event: EventEnvelope<ProfileUpdated>): Promise<void> {
  const at = new Date(event.occurredAt);
  const { userId, cvrNumber, cvrVerified, insuredUntil, memberSince, listed } = event.data;
  const changes = {
    cvr_number: cvrNumber,
    cvr_verified: cvrVerified,
    insured_until: insuredUntil,
    member_since: new Date(memberSince),
    ...(listed === undefined ? {} : { listed }),
    updated_at: at,
  };
  // Each event carries the whole state: an older one redelivered late does not put old badges back.
  await trx('carrier_profiles')
    .insert({ user_id: userId, ...changes })
    .onConflict('user_id')
    .merge(changes)
    .where('carrier_profiles.updated_at', '<=', at);
}

/** identity.carrier.profile_updated → carrier_profiles (the badges and CVR of the public carrier page). */
export function carrierProfileConsumers(): ConsumerDefinition[] {
  return [
    consume({
      durable: 'carrier-profiles',
      subjects: [eventTypes.carrierProfileUpdated],
      handle: (event, trx) => project(trx, event as EventEnvelope<ProfileUpdated>),
    }),
  ];
}
