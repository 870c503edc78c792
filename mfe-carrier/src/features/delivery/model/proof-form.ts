import { z } from 'zod';
import { addProofBodySchema, messages } from '@fragtbud/contracts';
import type { ProofLocation } from './geolocation';
import type { ProofRequest } from '../api/submit-proof';
import type { ProofKind } from './delivery-messages';

/** What the proof form holds; the signature itself stays on the canvas until it is uploaded. */
export interface ProofValues {
  images: string[];
  /** Something is drawn on the signature pad. */
  signed: boolean;
  location: ProofLocation | null;
  signer_name: string;
  note: string;
  failed: boolean;
}

/** Where the "some proof is needed" error is kept (it belongs to no single field). */
export const EVIDENCE_ERROR = 'evidence';

export const emptyProof: ProofValues = { images: [], signed: false, location: null, signer_name: '', note: '', failed: false };

/** The POST body for the values (without the signature, whose URL is known only after its upload). */
export function proofBody(type: ProofKind, values: ProofValues): ProofRequest {
  const body: ProofRequest = { type };
  if (values.images.length > 0) body.images = values.images;
  if (values.location) {
    body.lat = values.location.lat;
    body.lng = values.location.lng;
    body.accuracy = values.location.accuracy;
  }
  if (values.signer_name.trim()) body.signer_name = values.signer_name.trim();
  if (values.note.trim()) body.note = values.note.trim();
  if (values.failed) body.failed = true;
  return body;
}

/** The typed fields show their own error; anything else (photo URLs, the position) goes with the rule text. */
const FIELD_OF: Record<string, keyof ProofValues> = { signer_name: 'signer_name', note: 'note' };

/**
 * The form's schema for react-hook-form's zod resolver: the spec's rule (a photo, a signature, the position or a
 * failed trip — else 'Tilføj bevis …'), then the body checked with the contracts' `addProofBodySchema`, the schema the
 * service parses it with. `isKept` names photos kept on the device for lack of a connection: they count as proof.
 */
export function proofFormSchema(type: ProofKind, isKept: (url: string) => boolean = () => false) {
  return z
    .object({
      images: z.array(z.string()),
      signed: z.boolean(),
      location: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number() }).nullable(),
      signer_name: z.string(),
      note: z.string(),
      failed: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.images.length === 0 && !values.signed && !values.location && !values.failed) {
        ctx.addIssue({ code: 'custom', path: [EVIDENCE_ERROR], message: messages.proofRequired });
        return;
      }
      // Photos kept on the device (object URLs) get their server URL only when uploaded: the rest is checked.
      const checked = addProofBodySchema.safeParse(proofBody(type, { ...values, images: values.images.filter((url) => !isKept(url)) }));
      if (checked.success) return;
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: [FIELD_OF[String(issue.path[0])] ?? EVIDENCE_ERROR], message: issue.message });
      }
    });
}
