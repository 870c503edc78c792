import { z } from 'zod';
import { messages, numericInput, pricingLimits, taskTypeSettingNameSchema } from '@fragtbud/contracts';
import { FEES_MESSAGES } from './messages';

const maxBids = (message: string) =>
  z.preprocess(
    numericInput,
    z.number({ error: message }).int(message).min(1, message).max(pricingLimits.maxBidsMax, messages.maxBidsMax),
  );

/**
 * A new task type (spec section 5): the name lowercased, by the same rule the service applies, and max bids a whole
 * number of at least 1; otherwise 'Angiv gyldig type og max bud (>=1).'.
 */
export const newTaskTypeSchema = z.object({
  type: taskTypeSettingNameSchema(FEES_MESSAGES.invalidNewTaskType),
  maxBids: maxBids(FEES_MESSAGES.invalidNewTaskType),
});

/** A changed limit of an existing type. */
export const taskTypeMaxBidsSchema = maxBids(messages.maxBidsMin);
