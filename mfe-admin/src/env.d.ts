/** Stylesheets are plain CSS handled by rspack; importing one has only side effects. */
declare module '*.css';
