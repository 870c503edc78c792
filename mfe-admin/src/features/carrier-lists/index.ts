// The carrier-lists feature's public face: what the carriers tab and the fees tab use. Everything else is internal.
export { CarrierListsSection } from './carrier-lists-section';
export { CarrierListPicker } from './carrier-list-picker';
export { carrierListLabel } from './carrier-list-label';
export { assignCarrier, unassignCarrier } from './carrier-lists-api';
export { carrierListingKey, useCarrierListing, withAssignment, withoutAssignment, type CarrierListing } from './carrier-listing';
export { CARRIER_LIST_MESSAGES } from './messages';
