/**
 * Danish texts shown to users, keyed by a stable name. Texts quoted by the spec appear exactly as it quotes them.
 * Services send them in error bodies; the front end shows them as they arrive.
 */
export const messages = {
  // General mapping (spec section 8)
  sessionExpired: 'Session udløbet – log ind igen',
  forbidden: 'Du har ikke adgang til denne handling',
  somethingWentWrong: 'Noget gik galt',
  invalidInput: 'Ugyldige felter',
  invalidJson: 'Ugyldig JSON i forespørgslen.',
  payloadTooLarge: 'Forespørgslen er for stor.',
  notFound: 'Ikke fundet',
  serviceUnavailable: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.',
  crossSiteRefused: 'Forespørgslen blev afvist (ukendt oprindelse).',
  tooManyRequests: 'For mange forespørgsler. Prøv igen om lidt.',

  // Auth
  wrongCredentials: 'Forkert email eller adgangskode',
  tooManyLoginAttempts: 'For mange loginforsøg. Vent et øjeblik, og prøv igen.',
  couldNotCreateUser: 'Kunne ikke oprette bruger',
  couldNotLogIn: 'Kunne ikke logge ind',
  emailTaken: 'Der findes allerede en bruger med denne e-mail.',
  accountBlocked: 'Din konto er blokeret. Kontakt os for hjælp.',
  passwordsDoNotMatch: 'Adgangskoder matcher ikke',
  passwordTooShort: 'Adgangskode skal være mindst 6 tegn',
  nameRequired: 'Angiv dit navn',
  emailInvalid: 'Angiv en gyldig e-mailadresse',
  passwordRequired: 'Angiv din adgangskode',
  roleInvalid: 'Vælg om du er kunde eller vognmand',
  textTooLong: 'Teksten er for lang',

  // Users and admin
  userNotFound: 'Brugeren blev ikke fundet',
  invalidUserId: 'Ugyldigt bruger-id',
  notACarrier: 'Brugeren er ikke en carrier',
  cannotChangeOwnAccount: 'Du kan ikke blokere eller slette din egen konto',
  cannotDeleteLastAdmin: 'Den sidste administrator kan ikke slettes',
  couldNotFetchUsers: 'Kunne ikke hente brugere',
  couldNotUpdateUser: 'Kunne ikke opdatere bruger',
  couldNotDeleteUser: 'Kunne ikke slette brugeren.',
  couldNotFetchCarriers: 'Kunne ikke hente carrier data.',
  couldNotPerformAction: 'Kunne ikke udføre handlingen.',

  // Tasks (used from the tasks issue on; listed so the catalogue is one place)
  invalidTaskId: 'Ugyldigt opgave-id',
  taskNotFound: 'Opgave ikke fundet',
  carriersCannotCreateTasks: 'Carriers kan ikke oprette opgaver.',
  taskNoLongerEditable: 'Opgaven kan ikke længere redigeres.',
  chooseTaskTypeFirst: 'Vælg en opgavetype først.',
  fillBothAddresses: 'Udfyld både afhentnings- og leveringsadresse.',
  invalidPrice: 'Angiv en gyldig pris først.',
  noReviewsYet: 'Der er endnu ingen anmeldelser at vise.',
} as const;

export type MessageKey = keyof typeof messages;
