import type {
  AuthUser,
  CarrierFee,
  InternalCarrierFees,
  InternalQuoteRequest,
  InternalQuoteResponse,
  PlatformSettingsOre,
  Quote,
  QuoteRequest,
  QuoteResponse,
} from '@fragtbud/contracts';
import { defaultCarrierFee, oreToDkk, quote, quoteValidDays, quoteViewFor } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import { findAssignmentOfUser, listAssignments } from '../assignments/repo';
import type { LedgerContext } from '../context';
import { currentSettings } from '../settings/service';

interface PricedQuote {
  quote: Quote;
  settings: PlatformSettingsOre;
  carrierList: { id: number; name: string } | null;
  carrierFee: CarrierFee;
}

/** Prices a net under the settings in force and the carrier's list fee (none given or no list: the default fee). */
async function price(context: LedgerContext, netOre: number, carrierId: number | null): Promise<PricedQuote> {
  const settings = await currentSettings(context);
  const assignment = carrierId === null ? undefined : await findAssignmentOfUser(context.db, carrierId);
  const carrierFee: CarrierFee = assignment
    ? { feePercentage: assignment.list_fee_percentage, fixedFeeOre: assignment.list_fixed_fee_ore }
    : { ...defaultCarrierFee };
  return {
    quote: quote({ netOre, settings, carrierFee }),
    settings,
    carrierList: assignment ? { id: assignment.list_id, name: assignment.list_name } : null,
    carrierFee,
  };
}

/**
 * POST /pricing/quote: the caller's view, cut here. A customer's total does not depend on the carrier, so a
 * customer gets it whatever carrierId says; a carrier prices with their own list's fee and may not ask about
 * another carrier's; an admin prices for any carrier (or none: the default fee).
 */
export async function quoteForCaller(context: LedgerContext, caller: AuthUser, request: QuoteRequest): Promise<QuoteResponse> {
  switch (caller.role) {
    case 'customer': {
      const priced = await price(context, request.netOre, null);
      return { quote: quoteViewFor('customer', priced.quote), meta: { validDays: quoteValidDays } };
    }
    case 'carrier': {
      if (request.carrierId !== undefined && request.carrierId !== caller.id) {
        throw domainError('forbidden', { variant: 'quoteOtherCarrier' });
      }
      return withCarrierList('carrier', await price(context, request.netOre, caller.id));
    }
    case 'admin':
      return withCarrierList('admin', await price(context, request.netOre, request.carrierId ?? null));
  }
}

function withCarrierList(role: 'carrier' | 'admin', priced: PricedQuote): QuoteResponse {
  const carrierList = priced.carrierList && {
    ...priced.carrierList,
    feePercentage: priced.carrierFee.feePercentage,
    fixedFee: oreToDkk(priced.carrierFee.fixedFeeOre),
  };
  return { quote: quoteViewFor(role, priced.quote), meta: { validDays: quoteValidDays, carrierList } };
}

/** POST /internal/quotes (svc-bids, when a bid is placed): everything in øre, for the bid's quote snapshot. */
export async function quoteForService(context: LedgerContext, request: InternalQuoteRequest): Promise<InternalQuoteResponse> {
  const priced = await price(context, request.netOre, request.carrierId);
  return {
    quote: priced.quote,
    carrierList: priced.carrierList,
    carrierFee: priced.carrierFee,
    settings: priced.settings,
    quotedAt: new Date().toISOString(),
  };
}

/**
 * GET /internal/carrier-fees (svc-bids, once): everyone on a list with the list's fee, and the settings in force —
 * what the quote above would use for any carrier, for all of them at once.
 */
export async function carrierFeesForService(context: LedgerContext): Promise<InternalCarrierFees> {
  const settings = await currentSettings(context);
  const assignments = await listAssignments(context.db, undefined);
  return {
    settings,
    carriers: assignments.map((assignment) => ({
      carrierId: assignment.user_id,
      list: { id: assignment.list_id, name: assignment.list_name },
      fee: { feePercentage: Number(assignment.list_fee_percentage), fixedFeeOre: Number(assignment.list_fixed_fee_ore) },
    })),
  };
}
