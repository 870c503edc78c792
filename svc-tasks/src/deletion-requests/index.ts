export { deletionRequestsRouter } from './routes';
