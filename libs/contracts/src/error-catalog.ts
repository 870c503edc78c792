import { accountDeletionTexts, chatLockTexts } from './error-texts';
import { messages } from './messages';

/*
 * The domain error catalog: every refusal a service can answer, by its stable `code`, with the HTTP status and the
 * Danish text (spec section 8). Services throw `domainError(code)` (libs/platform) and never pick a status or a text
 * at the throw site; the one error handler answers `{ code, message, details? }` from here. The browser imports the
 * codes (`ErrorCode`) and, where it words a refusal itself, the texts. A code is API: never rename one.
 *
 * `variants`: the same code with a more exact text (or, rarely, status) for one situation, named here so it is still
 * one catalog. `specific`: the text is computed at the throw site (it names minutes, a limit, a date), given with
 * `message`; the catalog's text is the fallback.
 */

export interface ErrorVariant {
  readonly status?: number;
  readonly message: string;
}

export interface ErrorEntry {
  readonly status: number;
  readonly message: string;
  readonly variants?: Readonly<Record<string, ErrorVariant>>;
  readonly specific?: true;
}

export const errorCatalog = {
  account_blocked: { status: 403, message: messages.accountBlocked },
  account_has_active_tasks: { status: 409, message: accountDeletionTexts.accountHasActiveTasks },
  admin_self_delete: { status: 422, message: accountDeletionTexts.adminCannotDeleteOwnAccount },
  alert_not_found: { status: 404, message: messages.alertNotFound },
  alerts_max: { status: 422, message: messages.alertsMax },
  already_bid: { status: 409, message: messages.alreadyBidOnTask },
  amount_too_large: { status: 422, message: messages.paymentAmountTooLarge },
  assignment_changed: { status: 409, message: messages.couldNotPerformAction },
  assignment_not_found: { status: 404, message: messages.carrierListAssignmentNotFound },
  bank_details_missing: { status: 422, message: messages.bankDetailsMissing, variants: { payoutBankDetailsMissing: { message: messages.payoutBankDetailsMissing } } },
  bid_carrier_mismatch: { status: 400, message: messages.bidCarrierMismatch },
  bid_changed: { status: 409, message: messages.bidChanged },
  bid_expired: { status: 409, message: messages.bidExpired, variants: { paymentDeadlinePassed: { message: messages.paymentDeadlinePassed } } },
  bid_limit_reached: { status: 409, message: messages.bidLimitReached },
  bid_not_found: { status: 404, message: messages.bidNotFound },
  bid_not_of_task: { status: 400, message: messages.chatBidNotOfTask },
  bid_not_pending: { status: 409, message: messages.bidNotPending },
  bidding_closed: { status: 409, message: messages.biddingClosed },
  billing_change_decided: { status: 409, message: messages.billingChangeAlreadyDecided },
  billing_change_not_found: { status: 404, message: messages.billingChangeNotFound },
  billing_change_pending: { status: 409, message: messages.billingChangeAlreadyPending },
  billing_change_required: { status: 403, message: messages.carrierBillingNeedsApproval },
  cannot_change_own_account: { status: 422, message: messages.cannotChangeOwnAccount },
  card_declined: { status: 422, message: messages.cardDeclined, variants: { cardInsufficientFunds: { message: messages.cardInsufficientFunds } } },
  carrier_list_in_use: { status: 409, message: messages.carrierListInUse },
  carrier_list_name_taken: { status: 409, message: messages.carrierListNameTaken },
  carrier_list_not_found: { status: 404, message: messages.carrierListNotFound },
  carrier_not_approved: { status: 403, message: messages.carrierNotApproved, variants: { alertsOnlyApprovedCarriers: { message: messages.alertsOnlyApprovedCarriers } } },
  carrier_not_found: { status: 404, message: messages.carrierNotFound },
  carriers_cannot_create_tasks: { status: 403, message: messages.carriersCannotCreateTasks },
  carriers_only: { status: 403, message: messages.carriersOnly },
  charge_failed: { status: 422, message: messages.chargeFailed },
  charge_no_saved_card: { status: 422, message: messages.chargeNoSavedCard },
  charge_task_mismatch: { status: 422, message: messages.chargeTaskMismatch },
  chat_bid_chosen: { status: 403, message: chatLockTexts.bid_chosen },
  chat_carrier_only_customer: { status: 403, message: chatLockTexts.carrier_only_customer },
  chat_closed: { status: 403, message: chatLockTexts.closed },
  chat_max_bids_no_bid: { status: 403, message: chatLockTexts.max_bids_no_bid },
  chat_message_not_found: { status: 404, message: messages.chatMessageNotFound },
  chat_unavailable: { status: 403, message: chatLockTexts.unavailable },
  code_requested_too_often: { status: 429, message: messages.couldNotSendCode },
  connected_account_failed: { status: 503, message: messages.connectedAccountFailed },
  cross_site_request: { status: 403, message: messages.crossSiteRefused },
  current_password_wrong: { status: 400, message: messages.currentPasswordWrong, variants: { accountDeletion: { message: accountDeletionTexts.passwordWrong } } },
  customers_only: { status: 403, message: messages.guestClaimCustomersOnly },
  cvr_not_found: { status: 404, message: messages.cvrNotFound },
  cvr_unavailable: { status: 503, message: messages.cvrLookupUnavailable },
  deletion_request_not_allowed: { status: 409, message: messages.deletionRequestNotAllowed },
  deletion_request_not_found: { status: 404, message: messages.deletionRequestNotFound },
  deletion_request_pending: { status: 409, message: messages.deletionRequestPending },
  deletion_request_resolved: { status: 409, message: messages.deletionRequestAlreadyResolved },
  email_not_verified: { status: 403, message: messages.emailNotVerified },
  email_taken: { status: 409, message: messages.emailTaken },
  file_not_found: { status: 404, message: messages.fileNotFound },
  file_too_large: { status: 400, message: messages.uploadImageTooLarge, variants: { document: { message: messages.uploadDocumentTooLarge } } },
  forbidden: { status: 403, message: messages.forbidden, variants: { chatReadOnlyByReceiver: { message: messages.chatReadOnlyByReceiver }, quoteOtherCarrier: { message: messages.quoteOtherCarrier } } },
  freight_note_locked: { status: 409, message: messages.freightNoteLocked },
  freight_note_not_editable: { status: 409, message: messages.freightNoteNotEditable },
  freight_note_status_admin_only: { status: 403, message: messages.freightNoteStatusAdminOnly },
  guest_claim_other_email: { status: 403, message: messages.guestClaimOtherEmail },
  guest_link_claimed: { status: 410, message: messages.guestLinkClaimed },
  guest_link_invalid: { status: 403, message: messages.guestLinkInvalid },
  idempotency_in_progress: { status: 409, message: messages.idempotencyInProgress },
  idempotency_key_reused: { status: 422, message: messages.idempotencyKeyReused },
  image_too_large: { status: 400, message: messages.uploadTooManyPixels },
  image_unreadable: { status: 400, message: messages.uploadNotAnImage, variants: { heic: { message: messages.uploadHeicUnreadable } } },
  insurance_file_invalid: { status: 400, message: messages.insuranceFileInvalid },
  insurance_file_not_yours: { status: 422, message: messages.insuranceFileNotYours },
  insurance_not_found: { status: 404, message: messages.insuranceNotFound },
  internal_error: { status: 500, message: messages.somethingWentWrong },
  invalid_captured_at: { status: 400, message: messages.invalidInput, specific: true },
  invalid_code: { status: 401, message: messages.invalidOrExpiredCode, variants: { twoFactorCodeNotValid: { status: 400, message: messages.twoFactorCodeNotValid } } },
  invalid_credentials: { status: 401, message: messages.wrongCredentials },
  invalid_deletion_request_id: { status: 400, message: messages.invalidDeletionRequestId },
  invalid_file_key: { status: 400, message: messages.invalidFileKey },
  invalid_idempotency_key: { status: 400, message: messages.invalidIdempotencyKey },
  invalid_input: { status: 400, message: messages.invalidInput, variants: { invalidUserId: { message: messages.invalidUserId }, alertDatesOrder: { message: messages.alertDatesOrder }, ratingUserTypeInvalid: { message: messages.ratingUserTypeInvalid }, invalidPageCursor: { message: messages.invalidPageCursor }, descriptionRequired: { message: messages.descriptionRequired }, pickupDateInPast: { message: messages.pickupDateInPast }, deliveryBeforePickup: { message: messages.deliveryBeforePickup }, timeFrameOrder: { message: messages.timeFrameOrder } } },
  invalid_internal_token: { status: 401, message: messages.sessionExpired },
  invalid_json: { status: 400, message: messages.invalidJson },
  invalid_multipart: { status: 400, message: messages.uploadMalformed },
  invalid_path: { status: 400, message: messages.invalidPath },
  invalid_payment_intent_id: { status: 400, message: messages.invalidPaymentIntentId },
  invalid_proof_id: { status: 400, message: messages.invalidProofId },
  invalid_signature: { status: 400, message: messages.webhookSignatureInvalid },
  invalid_task_type: { status: 400, message: messages.taskTypeInvalid },
  invalid_unsubscribe_link: { status: 400, message: messages.alertUnsubscribeInvalid },
  invalid_valid_until: { status: 400, message: messages.bidValidUntilPast, variants: { tooFar: { message: messages.bidValidUntilTooFar } } },
  last_admin: { status: 422, message: messages.cannotDeleteLastAdmin },
  mock_provider_disabled: { status: 409, message: messages.mockPaymentsOnly },
  no_accepted_bid: { status: 409, message: messages.noAcceptedBid },
  no_file: { status: 400, message: messages.uploadNoFile },
  not_a_carrier: { status: 422, message: messages.notACarrier, variants: { ledger: { message: messages.invalidCarrierId } } },
  not_a_customer: { status: 422, message: messages.invalidCustomerId },
  not_an_image: { status: 400, message: messages.uploadNotAnImage },
  not_carrier: { status: 403, message: messages.notCarrier, variants: { alertsOnlyCarriers: { message: messages.alertsOnlyCarriers } } },
  not_found: { status: 404, message: messages.notFound },
  nothing_to_pay_out: { status: 422, message: messages.noPayoutAmount },
  notification_not_found: { status: 404, message: messages.notificationNotFound },
  oidc_link_not_found: { status: 404, message: messages.oidcLinkNotFound },
  other_bid_accepted: { status: 409, message: messages.otherBidAccepted },
  password_too_common: { status: 400, message: messages.passwordTooCommon },
  payload_too_large: { status: 400, message: messages.payloadTooLarge },
  payment_canceled: { status: 409, message: messages.couldNotStartPayment },
  payment_changed: { status: 409, message: messages.couldNotStartPayment },
  payment_not_found: { status: 404, message: messages.paymentNotFound },
  payment_provider_unavailable: { status: 503, message: messages.serviceUnavailable, variants: { couldNotStartPayment: { message: messages.couldNotStartPayment } } },
  payout_conflict: { status: 409, message: messages.couldNotCreatePayout },
  payout_exceeds_pending: { status: 422, message: messages.payoutExceedsPending },
  payout_exceeds_saldo: { status: 422, message: messages.payoutExceedsPending },
  payout_not_found: { status: 404, message: messages.payoutNotFound },
  payout_settled: { status: 409, message: messages.payoutAlreadySettled },
  proof_not_found: { status: 404, message: messages.proofNotFound },
  proof_required: { status: 400, message: messages.proofRequired },
  rate_limited: { status: 429, message: messages.tooManyRequests },
  rating_exists: { status: 409, message: messages.ratingAlreadyGiven },
  reset_link_expired: { status: 400, message: messages.resetLinkExpired },
  reset_link_invalid: { status: 400, message: messages.resetLinkInvalid },
  reset_link_used: { status: 400, message: messages.resetLinkUsed },
  second_factor_locked: { status: 429, message: messages.tooManyRequests, specific: true },
  service_unavailable: { status: 503, message: messages.serviceUnavailable },
  session_invalid: { status: 401, message: messages.sessionExpired },
  session_not_found: { status: 404, message: messages.sessionNotFound },
  status_change_not_allowed: { status: 409, message: messages.statusChangeNotAllowed },
  task_completed: { status: 409, message: messages.completedTaskIsFinal, variants: { notCancellable: { message: messages.completedTaskNotCancellable } } },
  task_images_locked: { status: 409, message: messages.taskImagesLocked },
  task_not_completed: { status: 409, message: messages.ratingTaskNotCompleted },
  task_not_editable: { status: 409, message: messages.taskNoLongerEditable },
  task_not_found: { status: 404, message: messages.taskNotFound, variants: { unknownToLedger: { status: 422, message: messages.taskNotFound } } },
  task_not_open: { status: 409, message: messages.taskCannotBeAssigned },
  task_not_payable: { status: 409, message: messages.taskNotPayable },
  task_paid: { status: 409, message: messages.paidTaskKeepsCarrier, variants: { notDeletable: { message: messages.paidTaskNotDeletable } } },
  task_refunded: { status: 409, message: messages.refundedTaskIsFinal },
  task_type_exists: { status: 409, message: messages.taskTypeSettingExists },
  task_type_not_found: { status: 404, message: messages.taskTypeSettingNotFound },
  task_unpaid: { status: 422, message: messages.taskUnpaidCannotComplete },
  too_many_attempts: { status: 429, message: messages.tooManyLoginAttempts },
  too_many_files: { status: 400, message: messages.uploadOneFileOnly },
  too_many_live_streams: { status: 429, message: messages.liveStreamsPerAddressLimit },
  too_many_mails: { status: 429, message: messages.tooManyRequests, specific: true },
  too_many_uploads: { status: 429, message: messages.tooManyAnonymousUploads },
  two_factor_enabled: { status: 409, message: messages.twoFactorAlreadyEnabled },
  two_factor_not_enabled: { status: 409, message: messages.twoFactorNotEnabled },
  two_factor_not_started: { status: 409, message: messages.twoFactorNotStarted },
  unauthorized: { status: 401, message: messages.sessionExpired },
  unsupported_file_type: { status: 400, message: messages.uploadUnsupportedType },
  unsupported_image_type: { status: 400, message: messages.uploadUnsupportedImageType },
  upstream_error: { status: 502, message: messages.somethingWentWrong },
  user_has_active_tasks: { status: 409, message: accountDeletionTexts.userHasActiveTasks },
  user_not_found: { status: 404, message: messages.userNotFound },
  verify_link_invalid: { status: 400, message: messages.verifyLinkInvalid },
  webhook_not_configured: { status: 404, message: messages.webhookNotConfigured },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

/** The variant names of a code (never for codes without variants). */
export type ErrorVariantOf<Code extends ErrorCode> = (typeof errorCatalog)[Code] extends { variants: infer V } ? keyof V & string : never;

/** Codes whose text is worded at the throw site. */
export type SpecificErrorCode = { [Code in ErrorCode]: (typeof errorCatalog)[Code] extends { specific: true } ? Code : never }[ErrorCode];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(errorCatalog, code);
}

/** Status and Danish text of a code (and variant). */
export function errorAnswer<Code extends ErrorCode>(code: Code, variant?: ErrorVariantOf<Code>): { status: number; message: string } {
  const entry: ErrorEntry = errorCatalog[code];
  const chosen = variant === undefined ? undefined : entry.variants?.[variant];
  return { status: chosen?.status ?? entry.status, message: chosen?.message ?? entry.message };
}
