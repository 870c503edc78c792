import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadIdentityConfig } from './config';
import { identityService } from './service';

await runStandalone(identityService, loadConfigOrExit('svc-identity', () => loadIdentityConfig()));
