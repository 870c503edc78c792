import { z } from 'zod';

/**
 * The mail keys a service that sends e-mail adds to its config schema (`baseConfigSchema.extend(mailConfigShape)`,
 * then `.superRefine(checkMailConfig)`).
 */
export const mailConfigShape = {
  /** dev: kept in the development mailbox and logged (never in production); smtp: sent through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['dev', 'smtp']).default('dev'),
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Fragtbud <no-reply@fragtbud.dk>'),
  /** The site's origin, for links in mails ({origin}/reset-password?token=…). */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .transform((origin) => origin.replace(/\/+$/, ''))
    .default('http://localhost:8080'),
};

export interface MailConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  MAIL_TRANSPORT: 'dev' | 'smtp';
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  PUBLIC_ORIGIN: string;
}

export function checkMailConfig(config: MailConfig, ctx: z.RefinementCtx): void {
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT is smtp' });
  }
  if (config.NODE_ENV === 'production' && config.MAIL_TRANSPORT === 'dev') {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_TRANSPORT'],
      message: 'the development mailbox is never used in production: set MAIL_TRANSPORT=smtp and SMTP_URL',
    });
  }
}

/** The development mailbox is readable only with the dev transport and never in production. */
export const devMailboxEnabled = (config: MailConfig): boolean =>
  config.MAIL_TRANSPORT === 'dev' && config.NODE_ENV !== 'production';
