export { freightNotesRouter } from './routes';
export { renderFreightNotePdf } from './pdf';
