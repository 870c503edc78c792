import { describe, expect, it } from 'vitest';
import type { CarrierBidsProps } from '@fragtbud/web';
import { RemotePropsError } from '@fragtbud/web/remote-contract';
import { makeCarrierBid } from '@fragtbud/web/testing';
import { assertProps, contractVersion } from './contract';

const carrierBidsProps: CarrierBidsProps = {
  task: { id: 9, status: 'open_for_bids' },
  bids: [makeCarrierBid({ id: 71, task_id: 9 })],
  carriers: new Map(),
};

describe("mfe_carrier's props contract", () => {
  it('is version 3: the one with ./CarrierBids', () => {
    expect(contractVersion).toBe(3);
  });

  it('takes the props the shell hands ./CarrierBids', () => {
    expect(() => assertProps('CarrierBids', carrierBidsProps)).not.toThrow();
  });

  it('refuses ./CarrierBids props without the task, or with a bid that is no bid', () => {
    const { task: _left, ...withoutTask } = carrierBidsProps;
    expect(() => assertProps('CarrierBids', withoutTask)).toThrow(RemotePropsError);
    expect(() => assertProps('CarrierBids', { ...carrierBidsProps, bids: [{ id: 71 }] })).toThrow(RemotePropsError);
  });
});
