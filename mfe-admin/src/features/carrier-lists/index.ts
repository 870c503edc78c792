// The carrier-lists feature's public face: what the carriers tab and the fees tab use. Everything else is internal.
export { CarrierListsSection } from './carrier-lists-section';
export { CarrierListPicker } from './carrier-list-picker';
export { carrierListLabel } from './carrier-list-label';
export { useChangeCarrierList } from './carrier-lists-api';
export { useCarrierListing, type CarrierListing } from './carrier-listing';
export { CARRIER_LIST_MESSAGES } from './messages';
