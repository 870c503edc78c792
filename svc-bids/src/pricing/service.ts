import { defaultCarrierFee, eventTypes, quote, type EventPayload, type InternalQuoteResponse, type PlatformSettingsOre } from '@fragtbud/contracts';
import type { BidsContext, Db } from '../context';
import {
  carrierFeesComplete,
  rememberCarrierFee,
  rememberSettings,
  saveCarrierFee,
  saveSettings,
  takeInCarrierFees,
  updateListFee,
  type ProjectedCarrierFee,
} from './repo';

/** What the projection already knows for pricing one carrier's bid (read with the rest of the bid's facts). */
export interface KnownPricing {
  settings: PlatformSettingsOre | undefined;
  carrierFee: ProjectedCarrierFee | undefined;
}

/**
 * A bid's quote, priced here with the shared pricing function from svc-ledger's settings and the carrier's list fee
 * as projected from its events (and the list of carriers on lists taken in at start). Only what is not known yet (a
 * fresh database before that list came, a carrier never seen then) is asked of svc-ledger — once: its answer is
 * kept, and events keep it current from then on.
 */
export async function quoteBid(
  context: BidsContext,
  netOre: number,
  carrierId: number,
  known: KnownPricing,
  requestId?: string,
): Promise<InternalQuoteResponse> {
  const { settings, carrierFee } = known;
  if (settings && carrierFee) {
    return {
      quote: quote({ netOre, settings, carrierFee: carrierFee.fee }),
      carrierList: carrierFee.list,
      carrierFee: carrierFee.fee,
      settings,
      quotedAt: context.now().toISOString(),
    };
  }
  const quoted = await context.ledger.quote(netOre, carrierId, requestId);
  const now = context.now();
  // Kept only where nothing is known yet: what an event put here is never older than a quote's copy.
  if (!settings) await rememberSettings(context.db, quoted.settings, now);
  await rememberCarrierFee(context.db, carrierId, { list: quoted.carrierList, fee: quoted.carrierFee }, now);
  return quoted;
}

/**
 * Learns an approved carrier's fee before their first bid (identity.user.approved), so that bid is priced here
 * like every later one instead of waiting for svc-ledger in the middle of a race for the last slots. The same
 * one-time question quoteBid asks, asked earlier; events keep the answer current from then on. Best effort: if
 * svc-ledger cannot answer now, the first bid asks it then — nothing depends on this having happened, so a failure
 * is only logged. Called outside any transaction (an embedded svc-ledger shares the one database connection).
 */
export async function learnCarrierFee(context: BidsContext, carrierId: number, requestId?: string): Promise<void> {
  try {
    if (await carrierFeesComplete(context.db)) return;
    if (await context.db('carrier_fees').where({ carrier_id: carrierId }).first('carrier_id')) return;
    // Any price will do: the answer carries the carrier's list fee and the settings in force, which is what is kept.
    const quoted = await context.ledger.quote(carrierFeeProbeOre, carrierId, requestId);
    const now = context.now();
    await rememberSettings(context.db, quoted.settings, now);
    await rememberCarrierFee(context.db, carrierId, { list: quoted.carrierList, fee: quoted.carrierFee }, now);
  } catch (error) {
    context.logger.warn({ err: error, carrierId }, 'carrier fee not learnt on approval; the first bid will ask svc-ledger');
  }
}

const carrierFeeProbeOre = 100_000;

/**
 * Takes in svc-ledger's list of every carrier on a list once (at start, in the background), after which any
 * carrier's first bid is priced here: one without a row is on no list. Until svc-ledger answers it is asked again
 * (1 s, doubling up to 30 s) and bids ask about carriers not seen, as before. Done once per database.
 */
export function startCarrierFeeIntake(context: BidsContext, retry = { firstMs: 1_000, maxMs: 30_000 }): { stop(): void; done: Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
  const done = (async () => {
    let delayMs = retry.firstMs;
    while (!stopped) {
      try {
        if (await carrierFeesComplete(context.db)) return;
        const fees = await context.ledger.carrierFees();
        if (stopped) return;
        await takeInCarrierFees(context.db, fees, context.now());
        context.logger.info({ carriersOnLists: fees.carriers.length }, 'carrier fees taken in from svc-ledger: every bid is priced here');
        return;
      } catch (error) {
        if (stopped) return;
        // svc-ledger starting beside svc-bids is expected for a few seconds; longer is worth a warning.
        const level = delayMs >= retry.firstMs * 8 ? 'warn' : 'info';
        context.logger[level]({ err: error, retryInMs: delayMs }, 'carrier fees not taken in yet; bids of carriers not seen ask svc-ledger');
      }
      await pause(delayMs);
      delayMs = Math.min(delayMs * 2, retry.maxMs);
    }
  })();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
    },
    done,
  };
}

// ---- events ----

export async function onSettingsUpdated(trx: Db, data: EventPayload<typeof eventTypes.ledgerSettingsUpdated>, now: Date): Promise<void> {
  const { feePercentage, fixedFeeOre, vatPercentage, minFeeOre, maxBids } = data;
  await saveSettings(trx, { feePercentage, fixedFeeOre, vatPercentage, minFeeOre, maxBids }, now);
}

export async function onCarrierListAssigned(trx: Db, data: EventPayload<typeof eventTypes.carrierListAssigned>, now: Date): Promise<void> {
  await saveCarrierFee(
    trx,
    data.userId,
    { list: { id: data.listId, name: data.listName }, fee: { feePercentage: data.feePercentage, fixedFeeOre: data.fixedFeeOre } },
    now,
  );
}

export async function onCarrierListUnassigned(trx: Db, data: EventPayload<typeof eventTypes.carrierListUnassigned>, now: Date): Promise<void> {
  await saveCarrierFee(trx, data.userId, { list: null, fee: { ...defaultCarrierFee } }, now);
}

export async function onCarrierListUpdated(trx: Db, data: EventPayload<typeof eventTypes.carrierListUpdated>, now: Date): Promise<void> {
  await updateListFee(trx, data.listId, data.listName, { feePercentage: data.feePercentage, fixedFeeOre: data.fixedFeeOre }, now);
}
