import { userDirectoryContactsMigration } from '@fragtbud/platform';
import * as init from './001_init';
import * as files from './002_files';
import * as bidProjection from './003_bid_projection';
import * as taskTypes from './004_task_types';
import * as proofsRatings from './005_proofs_ratings';
import * as freightNotes from './006_freight_notes';
import * as browseCoveringIndex from './007_browse_covering_index';
import * as paidAt from './007_paid_at';
import * as taskBidsVersion from './007_task_bids_version';
import * as userDirectory from './007_user_directory';
import * as carrierProfiles from './011_carrier_profiles';
import * as guestAccess from './012_guest_access';
import * as carrierListed from './014_carrier_listed';
import * as guestClaims from './015_guest_claims';
import * as alerts from './016_alerts';
import * as carrierVehicles from './017_carrier_vehicles';
import * as taskBidsLost from './018_task_bids_lost';
import * as platformBidLimit from './019_platform_bid_limit';
import * as proofCapturedAt from './020_proof_captured_at';
import * as unlistedCarriersIndex from './021_unlisted_carriers_index';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_files', up: files.up, down: files.down },
  { name: '003_bid_projection', up: bidProjection.up, down: bidProjection.down },
  { name: '004_task_types', up: taskTypes.up, down: taskTypes.down },
  { name: '005_proofs_ratings', up: proofsRatings.up, down: proofsRatings.down },
  { name: '006_freight_notes', up: freightNotes.up, down: freightNotes.down },
  { name: '007_browse_covering_index', up: browseCoveringIndex.up, down: browseCoveringIndex.down },
  { name: '008_paid_at', up: paidAt.up, down: paidAt.down },
  { name: '009_task_bids_version', up: taskBidsVersion.up, down: taskBidsVersion.down },
  { name: '010_user_directory', up: userDirectory.up, down: userDirectory.down },
  { name: '011_carrier_profiles', up: carrierProfiles.up, down: carrierProfiles.down },
  { name: '012_guest_access', up: guestAccess.up, down: guestAccess.down },
  { name: '013_user_directory_contacts', up: userDirectoryContactsMigration.up, down: userDirectoryContactsMigration.down },
  { name: '014_carrier_listed', up: carrierListed.up, down: carrierListed.down },
  { name: '015_guest_claims', up: guestClaims.up, down: guestClaims.down },
  { name: '016_alerts', up: alerts.up, down: alerts.down },
  { name: '017_carrier_vehicles', up: carrierVehicles.up, down: carrierVehicles.down },
  { name: '018_task_bids_lost', up: taskBidsLost.up, down: taskBidsLost.down },
  { name: '019_platform_bid_limit', up: platformBidLimit.up, down: platformBidLimit.down },
  { name: '020_proof_captured_at', up: proofCapturedAt.up, down: proofCapturedAt.down },
  { name: '021_unlisted_carriers_index', up: unlistedCarriersIndex.up, down: unlistedCarriersIndex.down },
];
