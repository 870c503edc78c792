import { types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/** Amounts are integer øre and counts are small: both fit a JS number, so int8/numeric come back as numbers. */
const toNumber = (value: string): number => Number(value);

export const pgliteParsers = {
  [pgliteTypes.INT8]: toNumber,
  [pgliteTypes.NUMERIC]: toNumber,
};

export function installPgTypeParsers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, toNumber);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, toNumber);
}
