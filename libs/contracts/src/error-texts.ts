/*
 * Texts of refusals that live beside their endpoints rather than in `messages`, in a module without zod so the error
 * catalog (error-catalog.ts) and the browser can import them cheaply. Re-exported where they used to be defined.
 */

/**
 * Why an account cannot be deleted now (DELETE /api/account). Kept beside the endpoint rather than in `messages`:
 * the browser shows the server's text and never needs these in its first download.
 */
export const accountDeletionTexts = {
  adminCannotDeleteOwnAccount: 'En administrator kan ikke slette sin egen konto. Bed en anden administrator om det.',
  accountHasActiveTasks:
    'Kontoen kan ikke slettes, mens du har opgaver, der ikke er afsluttet eller annulleret. Afslut dem, eller bed om at få dem slettet fra opgavesiden, og prøv igen.',
  userHasActiveTasks:
    'Brugeren kan ikke slettes, mens brugeren har opgaver, der ikke er afsluttet eller annulleret. Annullér eller afslut dem først, og prøv igen.',
  passwordWrong: 'Adgangskoden er forkert. Kontoen er ikke slettet.',
} as const;

/** Why a chat message may not be sent (svc-chat answers 403 `chat_<lock>`). */
export const chatLockTexts = {
  bid_chosen: 'Bud er valgt – kun vinder-carrier kan skrive',
  max_bids_no_bid: 'Max bud nået – du kan ikke skrive, da du ingen bud har',
  carrier_only_customer: 'Du kan kun skrive til kunden',
  closed: 'Opgaven er afsluttet – chat er låst',
  unavailable: 'Chat er ikke tilgængelig.',
} as const;
export type ChatLockCode = keyof typeof chatLockTexts;
