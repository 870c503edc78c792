import type { EventPayload } from '@fragtbud/contracts';
import { carrierNotificationTexts, deletionRequestNotificationText, eventTypes, guestLinkSealPurpose, moneyMessageTexts, taskNotificationTitle } from '@fragtbud/contracts';
import { consume, mailTemplates, openSealedSecret, type ConsumerDefinition } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById } from '../users/repo';
import type { Knex } from 'knex';

/** The admins who can act on a request: not blocked, not deleted. */
const activeAdmins = (trx: Knex) =>
  trx('users').where({ role: 'admin', is_blocked: false }).select('email', 'name') as Promise<Array<{ email: string; name: string | null }>>;

const mailedStatuses = ['paid', 'picked_up', 'delivered'] as const;
type MailedStatus = (typeof mailedStatuses)[number];
const isMailedStatus = (status: string): status is MailedStatus => (mailedStatuses as readonly string[]).includes(status);

/**
 * E-mail for what happens to a customer's task (a new bid; the task paid, picked up, delivered), to the carrier whose
 * bid was chosen (chosen; the task paid), a guest's follow-up
 * link to their task, and to everyone whose money or job changed: the refund of a cancelled task (customer), the
 * cancellation (its carrier), an extra fee (customer), a payout marked paid (carrier), an adjustment (the person it
 * concerns). One consumer per fact. svc-identity
 * sends them because it knows the users' addresses; the mail is queued in the consumer's transaction, so a
 * redelivered event (already in the inbox) never mails twice.
 */
export function notificationMailConsumers(context: IdentityContext): ConsumerDefinition[] {
  const taskLink = (taskId: number) => `${context.config.PUBLIC_ORIGIN}/task/${taskId}`;
  const paymentsLink = `${context.config.PUBLIC_ORIGIN}/profile?tab=payments`;
  const financeLink = `${context.config.PUBLIC_ORIGIN}/profile?tab=financial`;
  return [
    consume<EventPayload<typeof eventTypes.bidPlaced>>({
      durable: 'mail-new-bid',
      subjects: [eventTypes.bidPlaced],
      handle: async (event, trx) => {
        const { customerId, taskId, type, fromCity, toCity } = event.data;
        if (customerId === null) return;
        const customer = await findUserById(trx, customerId);
        if (!customer || customer.is_blocked) return;
        // An event written before bids named their task: the mail names it by its number ('din opgave #42').
        const task = type ? taskNotificationTitle(taskId, { type, fromCity: fromCity ?? null, toCity: toCity ?? null }) : undefined;
        await context.mailer.queue(trx, mailTemplates.newBid(customer.email, { name: customer.name, taskId, task, link: `${taskLink(taskId)}?tab=bids` }));
      },
    }),
    consume<EventPayload<typeof eventTypes.taskStatusChanged>>({
      durable: 'mail-task-status',
      subjects: [eventTypes.taskStatusChanged],
      handle: async (event, trx) => {
        const { userId, taskId, to, type, fromCity, toCity, assignedCarrierId } = event.data;
        if (!isMailedStatus(to)) return;
        const task = taskNotificationTitle(taskId, { type, fromCity: fromCity ?? null, toCity: toCity ?? null });
        const owner = userId === null ? undefined : await findUserById(trx, userId);
        if (owner && !owner.is_blocked) {
          await context.mailer.queue(trx, mailTemplates.taskStatus(owner.email, { name: owner.name, taskId, task, status: to, link: taskLink(taskId) }));
        }
        // The carrier whose bid was chosen hears that the task is paid and ready for pickup.
        const carrier = to === 'paid' && assignedCarrierId !== null ? await findUserById(trx, assignedCarrierId) : undefined;
        if (carrier && !carrier.is_blocked) {
          const line = carrierNotificationTexts.paid;
          await context.mailer.queue(trx, mailTemplates.carrierTask(carrier.email, { name: carrier.name, taskId, task, event: 'paid', line, link: taskLink(taskId) }));
        }
      },
    }),
    consume<EventPayload<typeof eventTypes.taskStatusChanged>>({
      durable: 'mail-task-cancelled-carrier',
      subjects: [eventTypes.taskStatusChanged],
      handle: async (event, trx) => {
        // The carrier of a cancelled task must not drive out for it; the customer's mail is the refund's (below).
        const { taskId, to, from, type, fromCity, toCity, assignedCarrierId } = event.data;
        if (to !== 'cancelled' || from === 'cancelled' || assignedCarrierId === null) return;
        const carrier = await findUserById(trx, assignedCarrierId);
        if (!carrier || carrier.is_blocked) return;
        const task = taskNotificationTitle(taskId, { type, fromCity: fromCity ?? null, toCity: toCity ?? null });
        const line = moneyMessageTexts.carrierTaskCancelled;
        await context.mailer.queue(trx, mailTemplates.carrierTask(carrier.email, { name: carrier.name, taskId, task, event: 'cancelled', line, link: taskLink(taskId) }));
      },
    }),
    consume<EventPayload<typeof eventTypes.refundSucceeded>>({
      durable: 'mail-refund',
      subjects: [eventTypes.refundSucceeded],
      handle: async (event, trx) => {
        const { customerId, taskId, amountOre } = event.data;
        const customer = await findUserById(trx, customerId);
        if (!customer) return;
        await context.mailer.queue(trx, mailTemplates.refunded(customer.email, { name: customer.name, taskId, amountOre, link: paymentsLink }));
      },
    }),
    consume<EventPayload<typeof eventTypes.chargeSucceeded>>({
      durable: 'mail-extra-charge',
      subjects: [eventTypes.chargeSucceeded],
      handle: async (event, trx) => {
        const { customerId, taskId, amountOre, reason, vatIncluded } = event.data;
        const customer = await findUserById(trx, customerId);
        if (!customer) return;
        await context.mailer.queue(
          trx,
          mailTemplates.extraCharge(customer.email, { name: customer.name, taskId, amountOre, reason, vatIncluded: vatIncluded ?? true, link: paymentsLink }),
        );
      },
    }),
    consume<EventPayload<typeof eventTypes.adjustmentCreated>>({
      durable: 'mail-adjustment',
      subjects: [eventTypes.adjustmentCreated],
      handle: async (event, trx) => {
        const { userId, party, amountOre, reason, vatIncluded } = event.data;
        const person = await findUserById(trx, userId);
        if (!person || person.is_blocked) return;
        const link = party === 'carrier' ? financeLink : paymentsLink;
        await context.mailer.queue(trx, mailTemplates.adjustment(person.email, { name: person.name, amountOre, reason, vatIncluded: vatIncluded ?? false, link }));
      },
    }),
    consume<EventPayload<typeof eventTypes.bidAccepted>>({
      durable: 'mail-bid-accepted',
      subjects: [eventTypes.bidAccepted],
      handle: async (event, trx) => {
        const { carrierId, taskId, type, fromCity, toCity } = event.data;
        const carrier = await findUserById(trx, carrierId);
        if (!carrier || carrier.is_blocked) return;
        const line = carrierNotificationTexts.bidAccepted;
        // An event written before accepted bids named their task: the mail names it by its number ('opgave #42').
        const task = type ? taskNotificationTitle(taskId, { type, fromCity: fromCity ?? null, toCity: toCity ?? null }) : undefined;
        await context.mailer.queue(trx, mailTemplates.carrierTask(carrier.email, { name: carrier.name, taskId, task, event: 'bid_accepted', line, link: taskLink(taskId) }));
      },
    }),
    consume<EventPayload<typeof eventTypes.guestLinkIssued>>({
      durable: 'mail-guest-link',
      subjects: [eventTypes.guestLinkIssued],
      handle: async (event, trx) => {
        const { taskId, email, sealedAccessToken, accessToken } = event.data;
        const token = sealedAccessToken ? openSealedSecret(context.config.INTERNAL_TOKEN_SECRET, guestLinkSealPurpose, sealedAccessToken) : accessToken;
        if (!token) return;
        const link = `${taskLink(taskId)}?access=${encodeURIComponent(token)}`;
        await context.mailer.queue(trx, mailTemplates.guestTaskLink(email, { taskId, link }));
      },
    }),
    consume<EventPayload<typeof eventTypes.deletionRequestCreated>>({
      durable: 'mail-deletion-request',
      subjects: [eventTypes.deletionRequestCreated],
      handle: async (event, trx) => {
        const { taskId, requestedBy, role, type, fromCity, toCity, reason } = event.data;
        const requester = await findUserById(trx, requestedBy);
        const who = requester ? (requester.company ? `${requester.name} (${requester.company})` : requester.name) : null;
        const line = deletionRequestNotificationText(who, role, reason);
        const task = taskNotificationTitle(taskId, type ? { type, fromCity: fromCity ?? null, toCity: toCity ?? null } : undefined);
        const link = `${context.config.PUBLIC_ORIGIN}/AdminDashboard?tab=deletionRequests`;
        for (const admin of await activeAdmins(trx)) {
          await context.mailer.queue(trx, mailTemplates.deletionRequest(admin.email, { name: admin.name, task, line, link }));
        }
      },
    }),
    consume<EventPayload<typeof eventTypes.payoutStatusChanged>>({
      durable: 'mail-payout-paid',
      subjects: [eventTypes.payoutStatusChanged],
      handle: async (event, trx) => {
        const { carrierId, to, from, amountGrossOre } = event.data;
        if (carrierId === null || to !== 'paid' || from === 'paid') return;
        const carrier = await findUserById(trx, carrierId);
        if (!carrier || carrier.is_blocked) return;
        await context.mailer.queue(trx, mailTemplates.payoutPaid(carrier.email, { name: carrier.name, amountOre: amountGrossOre, link: financeLink }));
      },
    }),
  ];
}
