export * from './messages';
export * from './constants';
export * from './roles';
export * from './task-types';
export * from './common';
export * from './identity';
export * from './events';
export * from './api-routes';
