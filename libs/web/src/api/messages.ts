/** Danish error texts of spec section 8 that the web kit itself produces. */
export const ERROR_MESSAGES = {
  sessionExpired: 'Session udløbet – log ind igen',
  forbidden: 'Du har ikke adgang til denne handling',
  fallback: 'Noget gik galt',
  unexpectedResponse: 'Uventet svar fra serveren',
  network: 'Kunne ikke kontakte serveren. Tjek din forbindelse og prøv igen.',
  timeout: 'Serveren svarede ikke i tide. Prøv igen.',
} as const;
