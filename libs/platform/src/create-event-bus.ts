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
}

export async function createEventBus({ natsUrl, ...options }: CreateEventBusOptions): Promise<EventBus> {
  const { streamReplicas, ...common } = options;
  return natsUrl ? createNatsBus({ url: natsUrl, ...common, ...(streamReplicas ? { streamReplicas } : {}) }) : createInProcessBus(common);
}
