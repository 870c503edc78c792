/** Stylesheets are plain CSS handled by rspack; importing one has only side effects. */
declare module '*.css';

/** Set by rspack.config.ts from FIXTURE_FINANCE_HEADING (empty in real builds); not defined under vitest. */
declare const __FIXTURE_FINANCE_HEADING__: string | undefined;
