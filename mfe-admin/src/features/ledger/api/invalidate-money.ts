import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@fragtbud/web';

/** After a money action: every ledger page and the financial overview (totals, saldo, carriers waiting). */
export const invalidateMoney = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.adminLedgers() }),
    client.invalidateQueries({ queryKey: queryKeys.adminFinancial() }),
  ]);
