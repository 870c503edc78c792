export { guestClaimConsumers } from './consumers';
export { internalGuestAccessRouter } from './internal-routes';
export { guestLinkState, issueGuestLink, opensTask } from './service';
