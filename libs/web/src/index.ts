export { api, apiRequest, API_BASE, API_TIMEOUT_MS, type ApiRequestOptions, type Page, type QueryValue } from './api/api-client';
export { ApiError, isApiError, fieldErrorsOf, type ApiErrorInit } from './api/api-error';
export { danishErrorMessage, serverMessageOf } from './api/error-message';
export { ERROR_MESSAGES } from './api/messages';

export {
  useSession,
  useRole,
  type LoginCredentials,
  type LoginOutcome,
  type RegisterInput,
  type SessionState,
  type SessionStatus,
} from './session/session-store';
export { tokenStorage } from './session/token-storage';

export { roleLabel, displayName, type ProfileUser, type Role, type User } from './domain/user';
export { TASK_TYPES, isTaskType, taskTypeLabel, type TaskType, type TaskTypeInfo } from './domain/task-types';

export { formatDkkFromKroner, formatDkkFromOre, formatWholeDkkFromKroner } from './format/money';
export { formatDate, formatDateTime, formatLongDate } from './format/date';

export { Button, type ButtonProps, type ButtonVariant } from './ui/button';
export { Field, SelectField, type FieldProps, type SelectFieldProps } from './ui/field';
export { Modal, type ModalProps } from './ui/modal';
export { Spinner, type SpinnerProps } from './ui/spinner';
export { ErrorState, type ErrorStateProps } from './ui/error-state';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { RoleBadge } from './ui/role-badge';
export { PageHeader, type PageHeaderProps } from './ui/page-header';
export { classNames } from './ui/class-names';
