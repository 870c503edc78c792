export { carriersRouter } from './routes';
export { carrierProfileConsumers } from './consumers';
