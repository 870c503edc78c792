import { messages } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import { isCommonPassword } from './common-passwords';

/** Refuses a password from the list of the most common ones (400, the field named). */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw domainError('password_too_common', { details: [
      { path: field, message: messages.passwordTooCommon },
    ] });
  }
}
