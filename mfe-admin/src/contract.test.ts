import { describe, expect, it } from 'vitest';
import type { AdminBidsProps } from '@fragtbud/web';
import { RemotePropsError } from '@fragtbud/web/remote-contract';
import { makeAdminBid } from '@fragtbud/web/testing';
import { assertProps, contractVersion } from './contract';

const adminBidsProps: AdminBidsProps = {
  task: { id: 9, status: 'open_for_bids' },
  bids: [makeAdminBid({ id: 71, task_id: 9 })],
  anyAccepted: false,
  carriers: new Map(),
  onDecided: () => undefined,
  onBidsStale: () => undefined,
};

describe("mfe_admin's props contract", () => {
  it('is version 2: the one with ./AdminBids', () => {
    expect(contractVersion).toBe(2);
  });

  it('takes the props the shell hands ./AdminBids', () => {
    expect(() => assertProps('AdminBids', adminBidsProps)).not.toThrow();
  });

  it('refuses ./AdminBids props without whether a bid is chosen, or with a bid that is no bid', () => {
    const { anyAccepted: _left, ...withoutAnyAccepted } = adminBidsProps;
    expect(() => assertProps('AdminBids', withoutAnyAccepted)).toThrow(RemotePropsError);
    expect(() => assertProps('AdminBids', { ...adminBidsProps, bids: [{ id: 71 }] })).toThrow(RemotePropsError);
  });
});
