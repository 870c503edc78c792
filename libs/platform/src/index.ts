import './koa-types';

export { baseConfigSchema, loadConfig, ConfigError, type BaseConfig } from './config';
export { createLogger, type Logger, type LoggerOptions } from './logger';

export { AppError, isAppError, type AppErrorOptions, type ErrorDetail } from './app-error';
export { errorHandler } from './error-handler';
export {
  parseBody,
  parseQuery,
  parseParams,
  parseInput,
  parseIdParam,
  invalidInput,
  zodIssuesToDetails,
  type ParseOptions,
  type ParseBodyOptions,
} from './validation';
export { jsonBodyParser, defaultBodyLimit } from './body-parser';
export { requestContext, requestIdHeader, eventMetaOf } from './request-context';
export { createMetrics, type ServiceMetrics } from './metrics';
export { operationalEndpoints, operationalPaths } from './health';

export {
  signInternalToken,
  verifyInternalToken,
  internalTokenHeader,
  internalTokenAudience,
  internalTokenTtlSeconds,
  type InternalCaller,
  type SignInternalTokenOptions,
} from './internal-token';
export { internalAuth, requireUser, requireRole, requireServiceCaller } from './auth-context';

export { createDatabase, type Database, type CreateDatabaseOptions } from './database';
export { openPglite, lockFileName, type SharedPglite } from './pglite-instance';
export { migrate, type Migration } from './migrate';

export type { EventBus, EventBusOptions, EventEnvelope, EventHandler, SubscribeOptions, Subscription } from './event-bus';
export { createEventBus, type CreateEventBusOptions } from './create-event-bus';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus';
export { createNatsBus, streamNaming, type NatsBusOptions } from './nats-bus';
export { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
export { subjectMatches } from './subject';

export { createOutbox, causedBy, type Outbox, type EventMeta } from './outbox';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { handleOnce, type InboxHandler } from './inbox';
export { consume, type ConsumerDefinition } from './consumer';

export { defineService, type ServiceDefinition, type ServiceDeps } from './service-definition';
export { createService, type CreateServiceOptions, type RunningService } from './create-service';
export { runStandalone } from './run-standalone';
export {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
  type CallOptions,
} from './service-client';
export { serviceClients, type ServiceClients } from './service-clients';

export { createTestInfra, deleteNamespaceStreams, testCaller, waitFor, type TestInfra, type TestInfraOptions } from './testing';
export { createTestClient, type TestClient, type TestCallOptions, type TestReply } from './test-client';
