export { VehiclesPanel } from './vehicles-panel';
