import { payloadSchemaFor, type EventEnvelope } from '@fragtbud/contracts';
import type { Logger } from '@fragtbud/platform';

/** A payload outside the contract would fail the same way on every redelivery: skip it loudly, never block the durable. */
export function understood(event: EventEnvelope, logger: Logger): boolean {
  const result = payloadSchemaFor(event.type)?.safeParse(event.data);
  if (result?.success) return true;
  logger.warn({ eventId: event.id, type: event.type, issues: result?.error.issues }, `${event.type} payload not understood; skipped`);
  return false;
}
