import { describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { EVIDENCE_ERROR, emptyProof, proofBody, proofFormSchema } from './proof-form';

const issuesOf = (values: typeof emptyProof) => {
  const parsed = proofFormSchema('delivery').safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('the proof form schema', () => {
  it('asks for some proof when nothing is given', () => {
    expect(issuesOf(emptyProof)).toEqual([{ path: EVIDENCE_ERROR, message: messages.proofRequired }]);
  });

  it('takes a failed trip, a drawn signature or a position alone', () => {
    expect(issuesOf({ ...emptyProof, failed: true })).toEqual([]);
    expect(issuesOf({ ...emptyProof, signed: true })).toEqual([]);
    expect(issuesOf({ ...emptyProof, location: { lat: 55.6, lng: 12.5, accuracy: 8 } })).toEqual([]);
  });

  it("checks the body with the contracts' schema: a signer name over 200 characters is refused on its field", () => {
    expect(issuesOf({ ...emptyProof, failed: true, signer_name: 'x'.repeat(201) })).toEqual([{ path: 'signer_name', message: messages.proofTextTooLong }]);
  });

  it('refuses photo addresses that are not uploaded files, with the rule text', () => {
    expect(issuesOf({ ...emptyProof, images: ['https://example.com/a.jpg'] }).map((issue) => issue.path)).toEqual([EVIDENCE_ERROR]);
  });

  it('sends only what was given, trimmed', () => {
    expect(proofBody('pickup', { ...emptyProof, signer_name: '  Ole  ', note: ' ', location: { lat: 1, lng: 2, accuracy: 3 } })).toEqual({
      type: 'pickup',
      lat: 1,
      lng: 2,
      accuracy: 3,
      signer_name: 'Ole',
    });
  });
});
