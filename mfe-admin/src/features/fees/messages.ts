/** Texts of the fees tab; those quoted by spec section 8 (and 5) are exactly as quoted there. */
export const FEES_MESSAGES = {
  couldNotFetchSettings: 'Kunne ikke hente indstillinger',
  couldNotUpdateSettings: 'Kunne ikke opdatere indstillinger',
  fixFormErrors: 'Ret venligst fejl i formularen',
  settingsSaved: 'Indstillingerne er gemt.',
  couldNotFetchTaskTypes: 'Kunne ikke hente opgavetyper.',
  couldNotSaveChange: 'Kunne ikke gemme ændring.',
  couldNotDeleteTaskType: 'Kunne ikke slette opgavetype.',
  invalidNewTaskType: 'Angiv gyldig type og max bud (>=1).',
} as const;
