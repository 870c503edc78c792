export { bidsService, createBidsService, type BidsServiceOptions } from './service';
export { bidsConfigSchema, loadBidsConfig, type BidsConfig } from './config';
