import type { QuoteResponse } from '@fragtbud/contracts';
import { CarrierQuoteBreakdown, formatDkkFromKroner } from '@fragtbud/web';
import { QUOTE_FAILED, usePayoutQuote } from '../api/quote-payout';
import { useDebouncedValue } from '@fragtbud/web';

export const QUOTE_DEBOUNCE_MS = 400;
export const CALCULATING = 'Beregner...';

function feeLabelOf(meta: QuoteResponse['meta']): string {
  const list = meta.carrierList;
  if (!list) return 'Gebyr til Fragtbud';
  return `Gebyr (liste ${list.name}, ${list.feePercentage.toLocaleString('da-DK')}%)`;
}

/**
 * The live payout preview of the bid modal: asks POST /pricing/quote once typing pauses, shows the payout incl. and ex
 * VAT with how it comes from the price, 'Beregner...' while it asks, and clears to 'Kunne ikke beregne pris.' on failure.
 */
export function PayoutPreview({ taskId, net }: { taskId: number; net: number | null }) {
  const settledNet = useDebouncedValue(net, QUOTE_DEBOUNCE_MS);
  const asked = net !== null && settledNet === net ? net : null;
  const answer = usePayoutQuote(taskId, asked);
  const quote = answer?.response?.quote.view === 'carrier' ? answer.response.quote : null;

  let body;
  if (net === null) {
    body = <p className="fb-muted">Skriv din pris for at se, hvad du får udbetalt.</p>;
  } else if (!answer) {
    body = <p className="payout-preview__calculating">{CALCULATING}</p>;
  } else if (!quote || !answer.response) {
    body = (
      <p className="payout-preview__error" role="alert">
        {QUOTE_FAILED}
      </p>
    );
  } else {
    body = (
      <>
        <p className="payout-preview__headline">
          Du får udbetalt <strong>{formatDkkFromKroner(quote.payoutGross)}</strong> inkl. moms
        </p>
        <p className="payout-preview__net">{formatDkkFromKroner(quote.payoutNet)} ekskl. moms</p>
        <CarrierQuoteBreakdown quote={quote} feeLabel={feeLabelOf(answer.response.meta)} />
      </>
    );
  }

  return (
    <section className="payout-preview" aria-label="Din udbetaling" aria-live="polite">
      <h3 className="payout-preview__title">Din udbetaling</h3>
      {body}
    </section>
  );
}
