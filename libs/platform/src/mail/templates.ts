import { moneyMessageSubjects, moneyMessageTexts, securityTexts } from '@fragtbud/contracts';
import type { Mail } from './mailer';

/** Danish mail templates (text + HTML). Every value put into HTML is escaped; links are absolute. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Body {
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footnote?: string;
}

function render(to: string, template: string, subject: string, body: Body): Mail {
  const greeting = body.greeting ?? 'Hej';
  const text = [
    `${greeting},`,
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(body.code ? [body.code, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footnote ? [body.footnote, ''] : []),
    'Venlig hilsen',
    'Fragtbud',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="da"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    '</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(greeting)},</p>`,
    ...body.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    body.code
      ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(body.code)}</p>`
      : '',
    body.action
      ? `<p><a href="${escapeHtml(body.action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(body.action.url)}</p>`
      : '',
    body.footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(body.footnote)}</p>` : '',
    '<p>Venlig hilsen<br>Fragtbud</p></body></html>',
  ].join('');
  return { to, subject, text, html, template };
}

/** One-click unsubscribe (RFC 8058): the mail program POSTs `List-Unsubscribe=One-Click` to the URL. */
const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

const greetingFor = (name?: string | null) => (name ? `Hej ${name}` : 'Hej');

interface DecisionTexts {
  template: string;
  subject: string;
  line: string;
  label: string;
}

/** An admin's approve-or-reject decision told to the user it concerns, with one link onwards. */
function decisionMail(
  to: string,
  input: { name?: string | null; approved: boolean; link: string },
  texts: { approved: DecisionTexts; rejected: DecisionTexts },
): Mail {
  const chosen = input.approved ? texts.approved : texts.rejected;
  return render(to, chosen.template, chosen.subject, {
    greeting: greetingFor(input.name),
    paragraphs: [chosen.line],
    action: { label: chosen.label, url: input.link },
  });
}

export const mailTemplates = {
  verifyEmail: (to: string, input: { name?: string | null; link: string }) =>
    render(to, 'verify_email', 'Bekræft din e-mail hos Fragtbud', {
      greeting: greetingFor(input.name),
      paragraphs: ['Tak fordi du har oprettet en konto hos Fragtbud. Bekræft din e-mailadresse med linket herunder.'],
      action: { label: 'Bekræft e-mail', url: input.link },
      footnote: 'Linket gælder i 24 timer. Har du ikke oprettet en konto, kan du se bort fra denne mail.',
    }),

  resetPassword: (to: string, input: { name?: string | null; link: string }) =>
    render(to, 'reset_password', 'Nulstil din adgangskode', {
      greeting: greetingFor(input.name),
      paragraphs: ['Vi har modtaget en anmodning om at nulstille adgangskoden til din konto hos Fragtbud.'],
      action: { label: 'Vælg ny adgangskode', url: input.link },
      footnote:
        'Linket kan bruges én gang og gælder i 1 time. Når du vælger en ny adgangskode, bliver du logget ud alle steder. Har du ikke bedt om det, kan du se bort fra denne mail.',
    }),

  loginCode: (to: string, input: { name?: string | null; code: string }) =>
    render(to, 'login_code', `Din loginkode: ${input.code}`, {
      greeting: greetingFor(input.name),
      paragraphs: ['Brug denne kode til at logge ind hos Fragtbud:'],
      code: input.code,
      footnote: 'Koden gælder i 10 minutter. Har du ikke forsøgt at logge ind, bør du skifte din adgangskode.',
    }),

  /** The second-factor lockout tripped (issue 24): the owner hears of it, with the way to change the password. */
  secondFactorLocked: (to: string, input: { name?: string | null; failures: number; minutes: number; link: string }) =>
    render(to, 'second_factor_locked', securityTexts.secondFactorLockedMailSubject, {
      greeting: greetingFor(input.name),
      paragraphs: [securityTexts.secondFactorLockedMailLine(input.failures, input.minutes)],
      action: { label: 'Skift adgangskode', url: input.link },
    }),

  guestTaskLink: (to: string, input: { taskId: number; link: string }) =>
    render(to, 'guest_task_link', `Din opgave #${input.taskId} er oprettet`, {
      paragraphs: [
        `Tak for din opgave #${input.taskId}. Du kan følge den og se de bud, vognmændene giver, via linket herunder.`,
      ],
      action: { label: 'Se din opgave', url: input.link },
      footnote: "Opret en konto eller log ind med denne e-mail, og tryk 'Knyt opgaven til min konto' på opgavens side for at vælge et bud og betale.",
    }),

  /** `task` names the task ('Flytning · Aarhus C → København K', taskNotificationTitle); else 'opgave #12'. */
  newBid: (to: string, input: { name?: string | null; taskId: number; task?: string; link: string }) =>
    render(to, 'new_bid', `Nyt bud på din opgave${input.task ? ` – ${input.task}` : ` #${input.taskId}`}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`Der er kommet et nyt bud på din opgave${input.task ? `: ${input.task}` : ` #${input.taskId}`}.`],
      action: { label: 'Se buddene', url: input.link },
    }),

  /** `task` names the task ('Flytning · Aarhus C → København K', taskNotificationTitle); else 'opgave #12'. */
  taskStatus: (
    to: string,
    input: { name?: string | null; taskId: number; task?: string; status: 'paid' | 'picked_up' | 'delivered'; link: string },
  ) => {
    const texts = {
      paid: { subject: 'Betaling bekræftet', line: 'Betaling bekræftet - opgaven er klar til afhentning' },
      picked_up: { subject: 'Varerne er afhentet', line: 'Varerne er afhentet' },
      delivered: { subject: 'Varerne er leveret', line: 'Varerne er leveret' },
    }[input.status];
    return render(to, `task_${input.status}`, `${texts.subject} – ${input.task ?? `opgave #${input.taskId}`}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`${input.task ?? `Opgave #${input.taskId}`}: ${texts.line}.`],
      action: { label: 'Se opgaven', url: input.link },
    });
  },

  /**
   * What the carrier whose bid was chosen is told: the choice ('Dit bud er valgt') and the payment
   * ('Opgaven er betalt – klar til afhentning'); the same texts as their notifications (carrierNotificationTexts).
   */
  carrierTask: (
    to: string,
    input: { name?: string | null; taskId: number; task?: string; event: 'bid_accepted' | 'paid' | 'cancelled'; line: string; link: string },
  ) =>
    render(to, `carrier_${input.event}`, `${input.line} – ${input.task ?? `opgave #${input.taskId}`}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`${input.task ?? `Opgave #${input.taskId}`}: ${input.line}.`],
      action: { label: 'Se opgaven', url: input.link },
    }),

  /** To each admin when a customer or carrier asks to delete a task; `line` is the notification's text (who, why). */
  deletionRequest: (to: string, input: { name?: string | null; task: string; line: string; link: string }) =>
    render(to, 'deletion_request', `Ny anmodning om sletning – ${input.task}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`${input.task}: ${input.line}`],
      action: { label: 'Se anmodninger om sletning', url: input.link },
    }),

  payoutPaid: (to: string, input: { name?: string | null; amountOre: number; link?: string }) =>
    render(to, 'payout_paid', moneyMessageSubjects.payoutPaid, {
      greeting: greetingFor(input.name),
      paragraphs: [moneyMessageTexts.payoutPaid(input.amountOre)],
      ...(input.link ? { action: { label: 'Se din økonomi', url: input.link } } : {}),
    }),

  /** The customer of a cancelled, paid task: the amount back on the card and when it arrives. */
  refunded: (to: string, input: { name?: string | null; taskId: number; task?: string; amountOre: number; link: string }) =>
    render(to, 'refund', `${moneyMessageSubjects.refund} – ${input.task ?? `opgave #${input.taskId}`}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`${input.task ?? `Opgave #${input.taskId}`}: ${moneyMessageTexts.refund(input.amountOre)}`],
      action: { label: 'Se dine betalinger', url: input.link },
    }),

  /** The customer whose saved card paid an admin's extra fee: amount, VAT and the reason the admin typed. */
  extraCharge: (
    to: string,
    input: { name?: string | null; taskId: number; task?: string; amountOre: number; reason: string; vatIncluded: boolean; link: string },
  ) =>
    render(to, 'extra_charge', `${moneyMessageSubjects.extraCharge} – ${input.task ?? `opgave #${input.taskId}`}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`${input.task ?? `Opgave #${input.taskId}`}: ${moneyMessageTexts.extraCharge(input.amountOre, input.reason, input.vatIncluded)}`],
      action: { label: 'Se dine betalinger', url: input.link },
      footnote: 'Har du spørgsmål til gebyret, så svar på denne mail eller kontakt os.',
    }),

  /** The person an adjustment concerns: the amount with its direction, VAT and the reason. */
  adjustment: (to: string, input: { name?: string | null; amountOre: number; reason: string; vatIncluded: boolean; link: string }) =>
    render(to, 'adjustment', moneyMessageSubjects.adjustment, {
      greeting: greetingFor(input.name),
      paragraphs: [moneyMessageTexts.adjustment(input.amountOre, input.reason, input.vatIncluded)],
      action: { label: 'Se din økonomi', url: input.link },
    }),

  /** A user an admin blocked: signed out everywhere, so the mail is where they learn why they cannot sign in. */
  accountBlocked: (to: string, input: { name?: string | null }) =>
    render(to, 'account_blocked', moneyMessageSubjects.accountBlocked, {
      greeting: greetingFor(input.name),
      paragraphs: [moneyMessageTexts.accountBlocked],
    }),

  billingChangeDecided: (to: string, input: { name?: string | null; approved: boolean; link: string }) =>
    decisionMail(to, input, {
      approved: {
        template: 'billing_change_approved',
        subject: 'Dine faktureringsoplysninger er godkendt',
        line: 'En administrator har godkendt dine nye faktureringsoplysninger. De gælder fra nu.',
        label: 'Se din profil',
      },
      rejected: {
        template: 'billing_change_rejected',
        subject: 'Din ændring af faktureringsoplysninger er afvist',
        line: 'En administrator har afvist din ændring af faktureringsoplysninger. Dine hidtidige oplysninger gælder stadig.',
        label: 'Se din profil',
      },
    }),

  /** An admin's decision on a carrier's account: approved (may bid from now) or rejected / approval withdrawn. */
  carrierDecided: (to: string, input: { name?: string | null; approved: boolean; link: string }) =>
    decisionMail(to, input, {
      approved: {
        template: 'carrier_approved',
        subject: 'Din vognmandskonto er godkendt',
        line: 'En administrator har godkendt din vognmandskonto hos Fragtbud. Du kan nu byde på opgaver.',
        label: 'Find opgaver',
      },
      rejected: {
        template: 'carrier_rejected',
        subject: 'Din vognmandskonto er ikke godkendt',
        line: 'En administrator har ikke godkendt din vognmandskonto hos Fragtbud, så du kan ikke byde på opgaver. Kontakt os, hvis du har spørgsmål.',
        label: 'Se din profil',
      },
    }),

  /**
   * A load alert's match, one mail per task (issue 29): the task's title and link, and the one-click unsubscribe as
   * a link in the mail and as the List-Unsubscribe header (RFC 8058).
   */
  taskAlert: (to: string, input: { name?: string | null; alertName: string; task: string; link: string; unsubscribe: string }) => ({
    ...render(to, 'task_alert', `Ny opgave til din jobalarm: ${input.task}`, {
      greeting: greetingFor(input.name),
      paragraphs: [`Der er en ny opgave, der passer til din jobalarm »${input.alertName}«: ${input.task}.`],
      action: { label: 'Se opgaven og byd', url: input.link },
      footnote: `Vil du ikke have flere e-mails fra denne jobalarm? Afmeld her: ${input.unsubscribe}`,
    }),
    headers: unsubscribeHeaders(input.unsubscribe),
  }),

  /** The daily overview at 07:00 of the tasks that matched a carrier's `daily` alerts since the last one. */
  taskAlertDigest: (to: string, input: { name?: string | null; tasks: Array<{ task: string; link: string }>; link: string; unsubscribe: string }) => ({
    ...render(to, 'task_alert_digest', `${input.tasks.length === 1 ? '1 ny opgave' : `${input.tasks.length} nye opgaver`} til dine jobalarmer`, {
      greeting: greetingFor(input.name),
      paragraphs: ['Disse nye opgaver passer til dine jobalarmer:', ...input.tasks.map((item) => `• ${item.task}: ${item.link}`)],
      action: { label: 'Se opgaverne', url: input.link },
      footnote: `Vil du ikke have det daglige overblik? Afmeld her: ${input.unsubscribe}`,
    }),
    headers: unsubscribeHeaders(input.unsubscribe),
  }),

  insuranceExpiring: (to: string, input: { name?: string | null; expiresOn: string; link: string }) =>
    render(to, 'insurance_expiring', 'Din forsikring udløber snart', {
      greeting: greetingFor(input.name),
      paragraphs: [`Dit forsikringsbevis udløber den ${input.expiresOn}. Upload et nyt, så du fortsat kan byde på opgaver.`],
      action: { label: 'Upload forsikring', url: input.link },
    }),
};
