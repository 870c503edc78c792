export { ratingsRouter } from './routes';
export { ratingErasureConsumers } from './consumers';
