import * as init from './001_init';
import * as bidSlotsPricing from './002_bid_slots_pricing';
import * as taskProjectionVersion from './002_task_projection_version';
import * as carrierRemovedReason from './004_carrier_removed_reason';
import * as carrierFeesComplete from './005_carrier_fees_complete';
import * as taskProjectionCities from './006_task_projection_cities';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_bid_slots_pricing', up: bidSlotsPricing.up, down: bidSlotsPricing.down },
  { name: '003_task_projection_version', up: taskProjectionVersion.up, down: taskProjectionVersion.down },
  { name: '004_carrier_removed_reason', up: carrierRemovedReason.up, down: carrierRemovedReason.down },
  { name: '005_carrier_fees_complete', up: carrierFeesComplete.up, down: carrierFeesComplete.down },
  { name: '006_task_projection_cities', up: taskProjectionCities.up, down: taskProjectionCities.down },
];
