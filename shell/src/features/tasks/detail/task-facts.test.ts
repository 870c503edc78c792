import { describe, expect, it } from 'vitest';
import { taskFacts } from './task-facts';

describe('taskFacts: pallets', () => {
  it("shows 'Ingen palle' without a count, also for an older task stored with one; other lines with theirs", () => {
    const facts = taskFacts({
      type: 'fullload',
      details: {
        pallets: [
          { palletType: 'none', quantity: 4 },
          { palletType: 'euro', quantity: 2 },
        ],
      },
    });
    expect(facts.find((fact) => fact.label === 'Paller')?.value).toBe('Ingen palle, 2 × EUR-palle (120×80 cm)');
  });
});
