export { carriersRouter, ownCarrierProfileRouter } from './routes';
export { carrierProfileConsumers } from './consumers';
