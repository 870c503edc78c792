export { mailConfigShape, checkMailConfig, devMailboxEnabled, type MailConfig } from './mail-config';
export { mailHeadersMigration, mailMigration } from './mail-migration';
export { createMailer, type Mail, type Mailer, type MailerOptions } from './mailer';
export {
  createDevTransport,
  createSmtpTransport,
  readDevMailbox,
  type DevMail,
  type MailTransport,
  type OutgoingMail,
} from './transport';
export { mailTemplates, escapeHtml } from './templates';
