import { z } from 'zod';
import { messages, numericInput, pricingLimits } from '@fragtbud/contracts';
import { FEES_MESSAGES } from './messages';

const maxBids = (message: string) =>
  z.preprocess(
    numericInput,
    z.number({ error: message }).int(message).min(1, message).max(pricingLimits.maxBidsMax, messages.maxBidsMax),
  );

/**
 * A new task type (spec section 5): the name lowercased (letters, digits, '-' and '_', at most 50) and max bids
 * a whole number of at least 1; otherwise 'Angiv gyldig type og max bud (>=1).'.
 */
export const newTaskTypeSchema = z.object({
  type: z
    .string({ error: FEES_MESSAGES.invalidNewTaskType })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9æøå_-]{1,50}$/, FEES_MESSAGES.invalidNewTaskType),
  maxBids: maxBids(FEES_MESSAGES.invalidNewTaskType),
});

/** A changed limit of an existing type. */
export const taskTypeMaxBidsSchema = maxBids(messages.maxBidsMin);
