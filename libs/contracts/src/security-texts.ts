/**
 * Danish texts of the sign-in protections (issue 24): the second-factor lockout, the throttled account mails, and
 * the OpenID Connect outcomes the login page and the profile's Sikkerhed tab show. Plain values, no zod, so the
 * login page can import them without loading the schemas.
 */

const minutesText = (minutes: number) => (minutes === 1 ? '1 minut' : `${minutes} minutter`);

export const securityTexts = {
  /** 429 from the code step while the account's second factor is locked (the right code is refused too). */
  secondFactorLocked: (minutes: number) =>
    `For mange forkerte koder. Af hensyn til din sikkerhed er login med kode spærret. Prøv igen om ${minutesText(minutes)}.`,
  /** 429 from the code step when one address has tried too many wrong codes across accounts. */
  secondFactorAddressLimited: (minutes: number) =>
    `For mange forkerte koder fra din forbindelse. Prøv igen om ${minutesText(minutes)}.`,
  /** 429 from forgot-password and verify-request when mails to that e-mail or from that address are too many. */
  accountMailThrottled: (minutes: number) =>
    `Du har bedt om for mange e-mails på kort tid. Prøv igen om ${minutesText(minutes)}.`,
  secondFactorLockedMailSubject: 'Din konto er midlertidigt spærret for login med kode',
  secondFactorLockedMailLine: (count: number, minutes: number) =>
    `Der er indtastet ${count} forkerte loginkoder til din konto hos Fragtbud, så login med kode er spærret i ${minutesText(minutes)}. ` +
    'Var det ikke dig, kender en anden sandsynligvis din adgangskode: skift den straks.',
} as const;

/** Why an OpenID Connect login or linking ended on the login page (`/login?oidcError=<code>`) or the profile. */
export const oidcErrorCodes = [
  'failed',
  'browser_mismatch',
  'not_linked',
  'admin_not_allowed',
  'blocked',
  'email_not_verified',
  'already_linked',
  'link_failed',
  'unavailable',
  'sign_in_required',
] as const;
export type OidcErrorCode = (typeof oidcErrorCodes)[number];

export const oidcErrorTexts: Record<OidcErrorCode, string> = {
  failed: 'Login med din udbyder mislykkedes eller udløb. Prøv igen.',
  browser_mismatch:
    'Login blev startet i en anden browser eller er udløbet. Start login igen i denne browser.',
  not_linked:
    'Din konto hos udbyderen er ikke knyttet til en Fragtbud-konto endnu. Log ind med e-mail og adgangskode, gå til Profil › Sikkerhed, og tryk på ‘Knyt login’. Derefter kan du logge ind med udbyderen.',
  admin_not_allowed: 'Administratorer logger ind med e-mail, adgangskode og kode – ikke via en ekstern udbyder.',
  blocked: 'Din konto er blokeret. Kontakt Fragtbud.',
  email_not_verified: 'Udbyderen har ikke bekræftet din e-mailadresse.',
  already_linked: 'Denne konto hos udbyderen er allerede knyttet til en anden Fragtbud-konto.',
  link_failed: 'Login kunne ikke knyttes til din konto. Prøv igen.',
  unavailable: 'Login-udbyderen svarer ikke lige nu. Prøv igen om lidt.',
  sign_in_required: 'Log ind med e-mail og adgangskode først for at knytte et login til din konto.',
};

export const oidcLinkTexts = {
  linked: 'Login er knyttet til din konto.',
  removed: 'Login er fjernet fra din konto.',
} as const;

/** The Danish text of an `oidcError` query value; unknown codes get the general one. */
export function oidcErrorText(code: string | null | undefined): string | null {
  if (!code) return null;
  return (oidcErrorTexts as Record<string, string>)[code] ?? oidcErrorTexts.failed;
}
