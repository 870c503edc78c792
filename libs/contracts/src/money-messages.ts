/*
 * What people are told when their money or their job changes (issue 25): the same Danish sentence in the in-app
 * notification (svc-chat) and in the e-mail (svc-identity's mail kit), so the two never disagree.
 */

const kroner = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 øre → '1.234,50 DKK' (spec: two decimals, Danish format). The sign is kept: −5000 → '-50,00 DKK'. */
export const danishAmount = (ore: number): string => `${kroner.format(ore / 100)} DKK`;

/** When a card refund reaches the customer: the card networks' usual time, not a promise of ours to the day. */
export const refundArrivalText = 'Pengene står normalt på din konto inden for 5–10 bankdage.';

/** The VAT remark of an adjustment or extra fee (docs/money.md): the amount is gross incl. VAT, or carries none. */
export const vatRemark = (vatIncluded: boolean): string => (vatIncluded ? 'inkl. moms' : 'uden moms');

export const moneyMessageTexts = {
  /** The customer of a cancelled, paid task: how much went back to the card and when it arrives. */
  refund: (amountOre: number) =>
    `Opgaven er annulleret, og ${danishAmount(amountOre)} er refunderet til dit kort. ${refundArrivalText}`,
  /** The carrier of a cancelled task: the job is off (no pickup, no payout for it). */
  carrierTaskCancelled: 'Opgaven er annulleret – du skal ikke udføre den, og der kommer ingen udbetaling for den.',
  /** The customer whose saved card paid an admin's extra fee: the amount and the reason the admin typed. */
  extraCharge: (amountOre: number, reason: string, vatIncluded = true) =>
    `Vi har trukket et ekstra gebyr på ${danishAmount(amountOre)} (${vatRemark(vatIncluded)}) på dit kort. Begrundelse: ${reason}`,
  /** The carrier whose payout an admin marked paid. */
  payoutPaid: (amountOre: number) => `Vi har udbetalt ${danishAmount(amountOre)} til din konto.`,
  /** The person an adjustment concerns: positive = the platform owes them, negative = they owe the platform. */
  adjustment: (amountOre: number, reason: string, vatIncluded = false) =>
    amountOre > 0
      ? `Du er krediteret ${danishAmount(amountOre)} (${vatRemark(vatIncluded)}). Begrundelse: ${reason}`
      : `Der er registreret ${danishAmount(-amountOre)} (${vatRemark(vatIncluded)}), som du skylder Fragtbud. Begrundelse: ${reason}`,
  accountApproved: 'Din vognmandskonto er godkendt. Du kan nu byde på opgaver.',
  accountRejected: 'Din vognmandskonto er ikke godkendt, så du kan ikke byde på opgaver. Kontakt os, hvis du har spørgsmål.',
  accountBlocked: 'Din konto er blokeret af en administrator. Kontakt os, hvis du har spørgsmål.',
} as const;

/** The subject of each of those mails and notifications. */
export const moneyMessageSubjects = {
  refund: 'Betaling refunderet',
  carrierTaskCancelled: 'Opgaven er annulleret',
  extraCharge: 'Ekstra gebyr trukket',
  payoutPaid: 'Din udbetaling er gennemført',
  adjustment: 'Justering af dit mellemværende',
  accountApproved: 'Din vognmandskonto er godkendt',
  accountRejected: 'Din vognmandskonto er ikke godkendt',
  accountBlocked: 'Din konto er blokeret',
} as const;
