export { guestClaimConsumers } from './consumers';
export { internalGuestAccessRouter } from './internal-routes';
export { issueGuestLink, opensTask } from './service';
