export { ResendVerification } from './resend-verification';
export { useOidcConfig } from './api/get-oidc-config';
