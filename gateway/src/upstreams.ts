import type { ServiceName } from '@fragtbud/contracts';
import type { GatewayConfig } from './config';

export type UpstreamName = Exclude<ServiceName, 'gateway'>;

/**
 * Which service owns which part of /api (shared/API.md). First match wins, so the more specific prefixes of a
 * shared parent (/admin/users/{id}/connected-account) stand before the general ones (/admin/users).
 */
const ownership: Array<[RegExp, UpstreamName]> = [
  [/^\/admin\/users\/[^/]+\/connected-account$/, 'payments'],
  [/^\/finance\/payout-link$/, 'payments'],
  [/^\/tasks\/[^/]+\/(bids|assign)$/, 'bids'],
  [/^\/(auth|users|cvr)(\/|$)/, 'identity'],
  // The development mailbox (svc-identity answers 404 unless MAIL_TRANSPORT=dev, and always in production).
  [/^\/dev\/mail$/, 'identity'],
  [/^\/admin\/(users|carriers|billing-changes)(\/|$)/, 'identity'],
  [/^\/(tasks|ratings|carriers|carrier|upload|files|geo|alerts)(\/|$)/, 'tasks'],
  [/^\/admin\/(tasks|task-types|deletion-requests)(\/|$)/, 'tasks'],
  [/^\/bids(\/|$)/, 'bids'],
  [/^\/(payments)(\/|$)/, 'payments'],
  [/^\/admin\/charges(\/|$)/, 'payments'],
  [/^\/(chat|notifications|events)(\/|$)/, 'chat'],
  [/^\/(pricing|finance)(\/|$)/, 'ledger'],
  [/^\/admin\/(platform-settings|carrier-lists|financial-overview|platform-saldo)(\/|\.csv$|$)/, 'ledger'],
];

/** The service that answers an /api path (given without the /api prefix), if any. */
export function ownerOf(apiPath: string): UpstreamName | undefined {
  return ownership.find(([pattern]) => pattern.test(apiPath))?.[1];
}

export function upstreamUrls(config: GatewayConfig): Record<UpstreamName, string> {
  return {
    identity: config.IDENTITY_URL,
    tasks: config.TASKS_URL,
    bids: config.BIDS_URL,
    payments: config.PAYMENTS_URL,
    chat: config.CHAT_URL,
    ledger: config.LEDGER_URL,
  };
}
