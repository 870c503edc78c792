/** Shown for a person until identity's announcement of them has reached the service (never their number). */
export const UNKNOWN_CARRIER = 'Vognmand (navn ukendt)';
export const UNKNOWN_CUSTOMER = 'Kunde (navn ukendt)';
