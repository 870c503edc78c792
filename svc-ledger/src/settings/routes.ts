import Router from '@koa/router';
import { platformSettingsUpdateSchema } from '@fragtbud/contracts';
import { eventMetaOf, parseBody, requireRole, requireServiceCaller } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { changePlatformSettings, currentSettings, getPlatformSettings } from './service';

export function settingsRouter(context: LedgerContext): Router {
  const router = new Router();

  router.get('/admin/platform-settings', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getPlatformSettings(context);
  });

  router.put('/admin/platform-settings', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const update = parseBody(ctx, platformSettingsUpdateSchema);
    ctx.body = await changePlatformSettings(context, caller, update, eventMetaOf(ctx));
  });

  /** For other services (svc-tasks, svc-bids): the settings in øre; maxBids is the platform's bid limit. */
  router.get('/internal/platform-settings', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await currentSettings(context);
  });

  return router;
}
