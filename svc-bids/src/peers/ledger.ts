import { internalCarrierFeesSchema, internalQuoteResponseSchema, type InternalCarrierFees, type InternalQuoteResponse } from '@fragtbud/contracts';
import { peerUnavailable, type Logger, type PeerClient } from '@fragtbud/platform';

/**
 * svc-ledger as svc-bids uses it: the full quote of a net price for a carrier, with the settings in force; and every
 * carrier on a list with its fee (taken in once, so bids are priced here).
 */
export interface LedgerPeer {
  quote(netOre: number, carrierId: number, requestId?: string): Promise<InternalQuoteResponse>;
  carrierFees(): Promise<InternalCarrierFees>;
}

export function ledgerPeer(client: PeerClient, logger: Logger): LedgerPeer {
  return {
    async quote(netOre, carrierId, requestId) {
      try {
        return await client.post(internalQuoteResponseSchema, '/internal/quotes', { netOre, carrierId }, requestId);
      } catch (error) {
        // Even a 4xx means our request or setup is wrong (the price was validated here): not the client's to fix.
        return peerUnavailable(error, logger, 'ledger');
      }
    },
    async carrierFees() {
      try {
        return await client.get(internalCarrierFeesSchema, '/internal/carrier-fees');
      } catch (error) {
        return peerUnavailable(error, logger, 'ledger');
      }
    },
  };
}
