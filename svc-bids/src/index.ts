export { bidsService } from './service';
export { bidsConfigSchema, loadBidsConfig } from './config';
