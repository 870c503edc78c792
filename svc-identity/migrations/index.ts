import { mailHeadersMigration, mailMigration } from '@fragtbud/platform';
import * as init from './001_init';
import * as accounts from './002_accounts';
import * as loginFailuresByAddress from './002_login_failures_by_address';
import * as cvrVerification from './003_cvr_verification';
import * as directoryAnnouncements from './004_directory_announcements';
import * as termsAndErasure from './007_terms_and_erasure';
import * as throttles from './008_throttles';
import * as oidcLinks from './009_oidc_links';
import * as alertDigests from './011_alert_digests';
import * as alertDigestsSent from './012_alert_digests_sent';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_mail', up: mailMigration.up, down: mailMigration.down },
  { name: '003_accounts', up: accounts.up, down: accounts.down },
  { name: '004_login_failures_by_address', up: loginFailuresByAddress.up, down: loginFailuresByAddress.down },
  { name: '005_cvr_verification', up: cvrVerification.up, down: cvrVerification.down },
  { name: '006_directory_announcements', up: directoryAnnouncements.up, down: directoryAnnouncements.down },
  { name: '007_terms_and_erasure', up: termsAndErasure.up, down: termsAndErasure.down },
  { name: '008_throttles', up: throttles.up, down: throttles.down },
  { name: '009_oidc_links', up: oidcLinks.up, down: oidcLinks.down },
  { name: '010_mail_headers', up: mailHeadersMigration.up, down: mailHeadersMigration.down },
  { name: '011_alert_digests', up: alertDigests.up, down: alertDigests.down },
  { name: '012_alert_digests_sent', up: alertDigestsSent.up, down: alertDigestsSent.down },
];
