export { api, apiRequest, API_BASE, API_TIMEOUT_MS, type ApiRequestOptions, type Page, type QueryValue } from './api/api-client';
export { ApiError, hasErrorCode, isApiError, fieldErrorsFromZod, fieldErrorsOf, type ApiErrorInit, type ParseIssues } from './api/api-error';
export { newIdempotencyKey, useSubmitKey, type SubmitKey } from './api/idempotency-key';
export { danishErrorMessage, serverMessageOf } from './api/error-message';
export { ERROR_MESSAGES } from './api/messages';

export {
  useSession,
  useRole,
  refreshSessionOnAccountNews,
  refreshSessionOnReturn,
  type LoginCredentials,
  type LoginOutcome,
  type RegisterInput,
  type SessionState,
  type SessionStatus,
} from './session/session-store';

export { roleLabel, displayName, type ProfileUser, type Role, type User } from './domain/user';
export { TASK_TYPES, isTaskType, taskTypeLabel, type TaskType, type TaskTypeInfo } from './domain/task-types';

export { formatDkkFromKroner, formatDkkFromOre, formatWholeDkkFromKroner } from './format/money';
export { formatDate, formatDateTime, formatLongDate, formatMonth, formatShortMonth } from './format/date';
export { formatDanishNumber, formatDanishNumberInput, formatPosition, parseDanishNumber, parseDanishWholeNumber } from './format/danish-number';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { readSessionDraft, useSessionDraft, writeSessionDraft } from './hooks/use-session-draft';
export { useSingleFlight, type SingleFlight } from './hooks/use-single-flight';

export { Button, type ButtonProps, type ButtonVariant } from './ui/button';
export { Field, SelectField, type FieldProps, type SelectFieldProps } from './ui/field';
export { FormMessage } from './ui/form-message';
export { Modal, type ModalProps } from './ui/modal';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/confirm-dialog';
export { Spinner, type SpinnerProps } from './ui/spinner';
export { ErrorState, type ErrorStateProps } from './ui/error-state';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { RoleBadge } from './ui/role-badge';
export { PageHeader, type PageHeaderProps } from './ui/page-header';
export { classNames } from './ui/class-names';
export { Tabs, type TabItem, type TabsProps } from './ui/tabs';
export { DataTable, type DataTableColumn, type DataTableProps } from './ui/data-table';
export { TableScroll, tableScrollHint, useHorizontalOverflow, type HorizontalOverflow, type TableScrollProps } from './ui/table-scroll';
export { TOAST_LIFETIME_MS, Toaster, toast, useToasts, type Toast, type ToastKind } from './ui/toast';

export { AddressField, type AddressFieldProps } from './address/address-field';
export {
  EMPTY_ADDRESS,
  addressFromSuggestion,
  addressFromText,
  toSuggestedAddress,
  type AddressValue,
  type SuggestedAddress,
} from './address/address-suggestion';
export { ADDRESS_SUGGEST, suggestAddresses } from './address/suggest-addresses';
export { useAddressSuggestions, type AddressSuggestionsState, type SuggestAddresses } from './address/use-address-suggestions';

export { PhotoPicker, type PhotoPickerProps } from './uploads/photo-picker';
export { downscaleImage, prepareImageForUpload, type DownscaleOptions, type PreparedImage } from './uploads/downscale-image';
export { UPLOAD_MESSAGES, uploadDocument, uploadImage, type UploadOptions } from './uploads/upload-image';

export { createQueryClient, isRetryable } from './query/query-client';
export { queryKeys, type QueryKey, type TaskId } from './query/query-keys';
export { invalidateTask } from './query/invalidate-task';
export { listTaskBids, taskBidsQueryOptions } from './query/task-bids';
export { invalidateForLiveEvent, invalidateOnLiveEvents, queryKeysForLiveEvent, type LiveQueryEvent } from './query/live-events';

export { TaskStatusBadge, isTaskStatus, taskStatusLabel } from './tasks/task-status';
export { TaskStatusProgress } from './tasks/task-status-progress';
export { TaskTypeIcon } from './tasks/task-type-icon';
export { RouteMap, configureRouteMap, routeMapEmbedUrl, type RouteMapProps } from './tasks/route-map';
export { ImageGallery, type ImageGalleryProps } from './tasks/image-gallery';
export { TaskCard, type TaskCardProps, type TaskCardTask } from './tasks/task-card';
export { taskAddress, taskPlace } from './tasks/task-places';
export { TaskLink, type TaskLinkProps } from './tasks/task-link';
export {
  RECENT_TASKS,
  RecentTasksTable,
  listRecentTasks,
  recentTasksCaption,
  recentTasksQueryOptions,
  type RecentTasksTableProps,
} from './tasks/recent-tasks';
export { FlashMessage, guestTaskPathFor, loginPathFor, registerPathFor, taskCreatedPathFor, withFlash, type Flash } from './routing/navigation';

export { BidStatusBadge, bidStatusLabel, isBidStatus } from './bids/bid-status';
export { BidPrice, bidHeadlineAmount } from './bids/bid-price';
export { AdminQuoteBreakdown, CarrierQuoteBreakdown } from './bids/quote-breakdown';
export { BidsTable, type BidsTableProps } from './bids/bids-table';
export { BID_EXPIRED_NOT_COUNTED, BID_NOT_COUNTED, bidSlotNote, holdsBidSlot } from './bids/bid-slot';
export { filterBids } from './bids/filter-bids';
export { BID_SORT_LABELS, sortBids, type BidSort } from './bids/sort-bids';
export { StarRating, formatRating } from './carriers/star-rating';
export { CarrierBadges } from './carriers/carrier-badges';
export { companyQueryOptions, lookUpCompany } from './carriers/company-lookup';
export { carrierListLabel, formatPercent, NO_LIST_LABEL } from './carriers/carrier-list-label';
export { CarrierRating, CarrierSummaryCell, carrierPath, completedTasksLabel, reviewCountLabel } from './carriers/carrier-summary';
export { BidDecision, isBidDecidable, type BidDecisionProps } from './bids/bid-decision';
export { DecidableBids, type DecidableBidsProps } from './bids/decidable-bids';
export { BID_NOT_ACCEPTED, BID_NOT_REJECTED, decisionFailure, isBidChanged, type BidDecisionCalls } from './bids/decision-failure';
export { cancelConsequence } from './bids/cancel-consequence';
export type { AdminBidsProps, BidPanelProps, BidTaskRef, CarrierBidsProps, CarrierRecentTasksProps, CarrierTaskActionsProps, ChooseBidProps, PayPanelProps } from './bids/remote-props';
export { EDIT_BID_PARAM, EDIT_BID_VALUE } from './bids/remote-props';

export type { DeliveryPanelProps, DeliveryTaskRef } from './proof/remote-props';
export type { SaveAlertButtonProps } from './alerts/remote-props';
export type { AdminTaskControlsProps, AdminTaskRef } from './tasks/remote-props';
export type { ReviewProps } from './ratings/remote-props';
export { RATING_FAILED, RATING_LABELS, OWN_RATING_TITLE, ReviewForm, type ReviewFormProps } from './ratings/review-form';
// The remotes' own props contracts: `@fragtbud/web/remote-contract` (it brings zod, so not from here: the shell's
// first load would carry it).
export { mountStandalone } from './standalone/mount-standalone';

export { createLiveEvents, liveEvents, useLiveEvents, type EventSourceLike, type LiveEvent, type LiveEvents } from './live/live-events';

export * from './offline';
