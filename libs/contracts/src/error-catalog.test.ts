import { describe, expect, it } from 'vitest';
import { errorAnswer, errorCatalog, isErrorCode, type ErrorEntry } from './error-catalog';
import { chatLockTexts } from './error-texts';
import { messages } from './messages';

const entries = Object.entries(errorCatalog) as [string, ErrorEntry][];

describe('the domain error catalog', () => {
  it('gives every code an error status and a Danish text, and every variant a text of its own', () => {
    expect(entries.length).toBeGreaterThan(100);
    for (const [code, entry] of entries) {
      expect(code, code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.trim(), code).not.toBe('');
      for (const [name, variant] of Object.entries(entry.variants ?? {})) {
        expect(variant.message.trim(), `${code}.${name}`).not.toBe('');
        // A variant that says nothing new would be a second name for the same answer.
        expect(variant.message !== entry.message || (variant.status ?? entry.status) !== entry.status, `${code}.${name}`).toBe(true);
      }
    }
  });

  it('answers the spec texts for the general statuses', () => {
    expect(errorAnswer('unauthorized')).toEqual({ status: 401, message: messages.sessionExpired });
    expect(errorAnswer('forbidden')).toEqual({ status: 403, message: messages.forbidden });
    expect(errorAnswer('service_unavailable')).toEqual({ status: 503, message: messages.serviceUnavailable });
  });

  it('answers a variant with its own text and, where it has one, its own status', () => {
    expect(errorAnswer('bid_expired')).toEqual({ status: 409, message: messages.bidExpired });
    expect(errorAnswer('bid_expired', 'paymentDeadlinePassed')).toEqual({ status: 409, message: messages.paymentDeadlinePassed });
    expect(errorAnswer('task_not_found', 'unknownToLedger')).toEqual({ status: 422, message: messages.taskNotFound });
  });

  it('has a code for every chat lock svc-chat answers as chat_<lock>', () => {
    for (const [lock, text] of Object.entries(chatLockTexts)) {
      const code = `chat_${lock}`;
      expect(isErrorCode(code), code).toBe(true);
      if (isErrorCode(code)) expect(errorAnswer(code)).toEqual({ status: 403, message: text });
    }
  });

  it('tells its codes from other strings', () => {
    expect(isErrorCode('task_not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('no_such_code')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
