import type { Context } from 'koa';

/**
 * The browser's address as the gateway saw it, taken only from the gateway's signed internal token
 * (`ctx.state.client`). A forwarded header could be written by anyone, so it is never read in a service: limits
 * keyed on this address (login attempts, anonymous uploads) cannot be dodged by inventing one.
 */
export function clientAddressOf(ctx: Context): string | null {
  return ctx.state.client?.ip ?? null;
}
