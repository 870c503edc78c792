import { runStandalone } from '@fragtbud/platform';
import { loadBidsConfig } from './config';
import { bidsService } from './service';

await runStandalone(bidsService, loadBidsConfig());
