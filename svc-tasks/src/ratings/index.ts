export { ratingsRouter } from './routes';
