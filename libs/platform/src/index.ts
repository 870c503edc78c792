import './koa-types';

export { baseConfigSchema, loadConfig, loadConfigOrExit, ConfigError, type BaseConfig } from './config';
export { createLogger, type Logger, type LoggerOptions } from './logger';

export { AppError, DomainError, domainError, isAppError, type AppErrorOptions, type ErrorDetail } from './app-error';
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
export { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter';
export { clientAddressOf } from './client-address';
export { requestContext, requestIdHeader, eventMetaOf } from './request-context';
export { createMetrics, type ServiceMetrics } from './metrics';
export { operationalEndpoints, operationalPaths, publicPaths } from './health';

export {
  signInternalToken,
  verifyInternalToken,
  internalTokenHeader,
  internalTokenAudience,
  internalTokenTtlSeconds,
  type InternalCaller,
  type ForwardedClient,
  type SignInternalTokenOptions,
} from './internal-token';
export { sessionTokenOf, type SessionTokenOfRequest } from './session-token';
export { clearSessionCookie, setSessionCookie, setSessionHintCookie, type SessionCookieOptions } from './session-cookie';
export { sealSecret, openSealedSecret, signLinkValue, verifyLinkValue } from './sealed-secret';
export { internalAuth, isServiceOnlyPath, requireUser, requireRole, requireServiceCaller } from './auth-context';

export { createDatabase, type Database, type CreateDatabaseOptions } from './database';
export { openPglite, lockFileName, type OpenPgliteOptions, type SharedPglite } from './pglite-instance';
export { migrate, type Migration } from './migrate';

export type {
  BusStatus,
  ConsumerStatus,
  DeadLetter,
  EventBus,
  EventBusOptions,
  EventEnvelope,
  EventHandler,
  SubscribeOptions,
  Subscription,
  TailOptions,
} from './event-bus';
export { deadLetterProducer, defaultMaxDeliver } from './event-bus';
export { createEventBus, type CreateEventBusOptions } from './create-event-bus';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus';
export { createNatsBus, streamNaming, type NatsBusOptions } from './nats-bus';
export { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
export { subjectMatches } from './subject';

export { createOutbox, causedBy, type Outbox, type OutboxEntry, type EventMeta } from './outbox';
export { createOutboxRelay, markForReplay, defaultReplayWindowMs, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { handleOnce, type InboxHandler } from './inbox';
export {
  readYourWrites,
  createHandledEvents,
  formatEventRefs,
  parseEventRefs,
  readAfterHeader,
  writtenEventsHeader,
  maxEventRefs,
  type EventRef,
  type HandledEvents,
} from './read-your-writes';
export { consume, type ConsumerDefinition } from './consumer';
export {
  idempotent,
  idempotencyMigration,
  idempotencyKeyHeader,
  idempotentReplayHeader,
  type IdempotentOptions,
} from './idempotency';

export { defineService, type ServiceDefinition, type ServiceDeps } from './service-definition';
export { createService, type CreateServiceOptions, type RunningService } from './create-service';
export { runStandalone } from './run-standalone';
export { closeServerGracefully, onStopRequest, exitOnProcessFailure } from './process-lifecycle';
export {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
  type CallOptions,
} from './service-client';
export { serviceClients, type ServiceClients } from './service-clients';
export { peerClient, peerUnavailable, type PeerClient } from './peer-client';

export {
  configProblemsOf,
  createTestInfra,
  deleteNamespaceStreams,
  observeEvents,
  outboxEnvelopes,
  testCaller,
  testEnvelope,
  waitFor,
  type TestInfra,
  type TestInfraOptions,
} from './testing';
export { openEventStream, type EventStreamClient, type ReceivedEvent } from './event-stream-client';
export { createTestClient, type TestClient, type TestCallOptions, type TestReply } from './test-client';

export * from './mail';
export { csvField, csvHeaders, csvLine, csvMoney, csvStream, type CsvCell } from './csv';
export { idempotencyKeyOf } from './idempotency';
export {
  allowedCaller,
  checkRouteAccess,
  concretePath,
  fuzzRegisteredRoute,
  refusedCallers,
  registeredRoutes,
  schemaKeys,
} from './route-registry-testing';
export {
  createUserDirectoryTable,
  deletedUserName,
  directoryContactsOf,
  directoryNamesOf,
  displayName,
  isKnownAsOtherRole,
  projectUserEvent,
  userDirectoryConsumer,
  userDirectoryContactsMigration,
  type DirectoryContact,
  type DirectoryEntry,
} from './user-directory';
