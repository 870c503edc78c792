/** Admin texts for carrier lists; the update text is the spec's (section 8), the others are this tab's own. */
export const CARRIER_LIST_MESSAGES = {
  couldNotUpdate: 'Kunne ikke opdatere carrier-liste.',
  couldNotFetch: 'Kunne ikke hente carrier-lister.',
} as const;
