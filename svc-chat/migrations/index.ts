import { userDirectoryContactsMigration } from '@fragtbud/platform';
import * as notifications from './001_notifications';
import * as chat from './002_chat';
import * as userDirectory from './003_user_directory';
import * as taskNames from './004_task_names';
import * as bidLimits from './006_bid_limits';
import * as notificationsPerUser from './007_notifications_per_user';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_notifications', up: notifications.up, down: notifications.down },
  { name: '002_chat', up: chat.up, down: chat.down },
  { name: '003_user_directory', up: userDirectory.up, down: userDirectory.down },
  { name: '004_task_names', up: taskNames.up, down: taskNames.down },
  { name: '005_user_directory_contacts', up: userDirectoryContactsMigration.up, down: userDirectoryContactsMigration.down },
  { name: '006_bid_limits', up: bidLimits.up, down: bidLimits.down },
  { name: '007_notifications_per_user', up: notificationsPerUser.up, down: notificationsPerUser.down },
];
