import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadBidsConfig } from './config';
import { bidsService } from './service';

await runStandalone(bidsService, loadConfigOrExit('svc-bids', () => loadBidsConfig()));
