// `@fragtbud/web/forms`: kept out of the package's main entry so react-hook-form and zod stay out of the first
// load of the public pages (the payload budget); screens with forms import it.
export { applyServerFieldErrors, fieldError, useContractForm, useDraftedContractForm } from './use-contract-form';
