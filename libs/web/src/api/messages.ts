import { forbiddenMessage, sessionExpiredMessage, somethingWentWrongMessage } from '@fragtbud/contracts';

/** Danish error texts the web kit itself produces (spec section 8 where it has one). */
export const ERROR_MESSAGES = {
  sessionExpired: sessionExpiredMessage,
  forbidden: forbiddenMessage,
  fallback: somethingWentWrongMessage,
  unexpectedResponse: 'Uventet svar fra serveren',
  network: 'Kunne ikke kontakte serveren. Tjek din forbindelse og prøv igen.',
  timeout: 'Serveren svarede ikke i tide. Prøv igen.',
} as const;
