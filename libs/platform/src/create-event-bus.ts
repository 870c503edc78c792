import type { EventBus } from './event-bus';
import { createInProcessBus } from './in-process-bus';
import type { Logger } from './logger';
import { createNatsBus } from './nats-bus';
import type { RetryPolicy } from './retry-policy';

export interface CreateEventBusOptions {
  logger: Logger;
  /** NATS JetStream when set, else the in-process bus. */
  natsUrl?: string;
  namespace?: string;
  /** Connection name shown by the NATS server. */
  name?: string;
  retry?: RetryPolicy;
  maxDeliver?: number;
  /** NATS only: copies of each stream (NATS_STREAM_REPLICAS; 3 on a three-node JetStream cluster). */
  streamReplicas?: number;
  /** NATS only: how long events stay in the streams (NATS_STREAM_MAX_AGE_DAYS); unset: no limit. */
  streamMaxAgeMs?: number;
}

export async function createEventBus({ natsUrl, ...options }: CreateEventBusOptions): Promise<EventBus> {
  const { streamReplicas, streamMaxAgeMs, ...common } = options;
  if (!natsUrl) return createInProcessBus(common);
  return createNatsBus({ url: natsUrl, ...common, ...(streamReplicas ? { streamReplicas } : {}), ...(streamMaxAgeMs ? { streamMaxAgeMs } : {}) });
}
