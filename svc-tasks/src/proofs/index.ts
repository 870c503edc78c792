export { proofsRouter } from './routes';
export { proofsOf } from './service';
