import { errorAnswer, messages } from '@fragtbud/contracts';
import { hasErrorCode, isApiError } from '@fragtbud/web';

/** Spec section 8: why a payment could not start (POST /payments/intents failed). */
export function intentErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.couldNotStartPayment;
  if (hasErrorCode(error, 'bid_expired')) return errorAnswer('bid_expired', 'paymentDeadlinePassed').message;
  if (error.status === 0) return messages.couldNotStartPayment;
  if (error.status === 401 || error.status === 403) return error.message;
  return error.serverMessage ?? messages.paymentCreateFailed;
}

/** Spec section 8: a failed card step shows the provider's or server's text, else the general payment failure. */
export function cardErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 403) return error.message;
    return error.serverMessage ?? messages.paymentFailed;
  }
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return messages.paymentFailed;
}

export const PAYMENT_STATUS_TIMEOUT = 'Statusopdateringen tog for lang tid – genindlæs siden.';
