import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@fragtbud/web';
import { invalidateMoney } from './invalidate-money';

/** A money action's body: ids and texts as typed, amounts as numbers, `vatIncluded` only when ticked. */
export type MoneyBody = Record<string, string | number | boolean>;

export interface MoneyAction {
  /** POST /finance/payouts/carrier, /finance/payouts/platform, /finance/adjustments, /admin/charges or a Connect account. */
  path: string;
  body: MoneyBody;
  /** One key per filled-in form, so a double click (or a retry) is the same request. */
  idempotencyKey: string;
}

export const runMoneyAction = ({ path, body, idempotencyKey }: MoneyAction) =>
  api.post<{ message?: string; url?: string } | undefined>(path, body, { idempotencyKey });

/** One of the admin's money actions under the ledger; the ledger and the overview are asked for again. */
export function useMoneyAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: runMoneyAction, onSuccess: () => invalidateMoney(client) });
}
