import { describe, expect, it } from 'vitest';
import { ownerOf } from './upstreams';

describe('ownerOf', () => {
  it.each([
    ['/auth/login', 'identity'],
    ['/users', 'identity'],
    ['/users/12', 'identity'],
    ['/admin/users/12/approve', 'identity'],
    ['/admin/carriers/pending-count', 'identity'],
    ['/admin/users/12/connected-account', 'payments'],
    ['/tasks/7', 'tasks'],
    ['/tasks/7/bids', 'bids'],
    ['/tasks/7/assign', 'bids'],
    ['/ratings/public', 'tasks'],
    ['/carriers/5', 'tasks'],
    ['/carriers', 'tasks'],
    ['/admin/task-types', 'tasks'],
    ['/bids/3/accept', 'bids'],
    ['/payments/intents', 'payments'],
    ['/chat/messages', 'chat'],
    ['/notifications', 'chat'],
    ['/pricing/quote', 'ledger'],
    ['/admin/platform-settings', 'ledger'],
    ['/finance/ledger.csv', 'ledger'],
    ['/dev/mail', 'identity'],
    ['/cvr/12345674', 'identity'],
    ['/admin/billing-changes/3/approve', 'identity'],
    ['/finance/payout-link', 'payments'],
    ['/finance/payout-requests', 'ledger'],
    ['/admin/charges', 'payments'],
    ['/admin/platform-saldo.csv', 'ledger'],
    ['/admin/financial-overview', 'ledger'],
  ])('when the path is %s, then %s answers it', (path, owner) => {
    expect(ownerOf(path)).toBe(owner);
  });

  it.each(['/internal/sessions/resolve', '/usersx', '/', '/admin', '/healthz', '/dev', '/dev/other'])(
    'when the path is %s, then no service is exposed for it',
    (path) => {
      expect(ownerOf(path)).toBeUndefined();
    },
  );
});
