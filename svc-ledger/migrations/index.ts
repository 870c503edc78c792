import { userDirectoryContactsMigration } from '@fragtbud/platform';
import * as init from './001_init';
import * as transactions from './002_transactions';
import * as finance from './003_finance';
import * as userDirectory from './004_user_directory';
import * as taskTitles from './005_task_titles';
import * as bankDetails from './007_bank_details';
import * as vatModel from './008_vat_model';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_transactions', up: transactions.up, down: transactions.down },
  { name: '003_finance', up: finance.up, down: finance.down },
  { name: '004_user_directory', up: userDirectory.up, down: userDirectory.down },
  { name: '005_task_titles', up: taskTitles.up, down: taskTitles.down },
  { name: '006_user_directory_contacts', up: userDirectoryContactsMigration.up, down: userDirectoryContactsMigration.down },
  { name: '007_bank_details', up: bankDetails.up, down: bankDetails.down },
  { name: '008_vat_model', up: vatModel.up, down: vatModel.down },
];
