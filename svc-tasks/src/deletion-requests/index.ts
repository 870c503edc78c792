export { adminDeletionRequestsRouter, deletionRequestsRouter } from './routes';
