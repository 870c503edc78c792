export { ResendVerification } from './resend-verification';
