export { identityService, createIdentityService, type IdentityServiceOptions } from './service';
export { identityConfigSchema, loadIdentityConfig, type IdentityConfig } from './config';
export { demoAccounts, type DemoAccount } from './seed/demo-accounts';
export type { Clock } from './context';
