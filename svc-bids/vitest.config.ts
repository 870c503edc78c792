export { default } from '../vitest.service.config';
