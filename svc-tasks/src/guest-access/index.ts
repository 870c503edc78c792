export { guestClaimConsumers } from './consumers';
export { internalGuestAccessRouter } from './internal-routes';
export { guestClaimRouter } from './routes';
export { guestLinkState, issueGuestLink, opensTask } from './service';
