/** Task-type settings: a type's own max bids (/admin/task-types, /internal/task-types; migration 004_task_types). */
export { adminTaskTypesRouter, internalTaskTypesRouter } from './routes';
export { findPlatformBidLimit, platformLimitConsumers } from './platform-limit';
