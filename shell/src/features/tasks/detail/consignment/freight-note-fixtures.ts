import { freightHiddenText, type FreightNote, type FreightParty } from '@fragtbud/contracts';

const party = (overrides: Partial<FreightParty> = {}): FreightParty => ({
  name: null,
  company: null,
  cvr: null,
  email: null,
  phone: null,
  street: null,
  houseNo: null,
  postalCode: null,
  city: null,
  country: 'Danmark',
  address: null,
  ...overrides,
});

/** A freight note as GET /tasks/{id}/freight-note answers the task's owner (full view), for tests. */
export function makeFreightNote(overrides: Partial<FreightNote> = {}): FreightNote {
  return {
    task_id: 5,
    status: 'draft',
    locked: false,
    view: 'full',
    can_edit: true,
    sender: party({ name: 'Karen Kunde', email: 'karen@example.dk', phone: '12345678' }),
    pickup: party({ street: 'Vestergade', houseNo: '1', postalCode: '8000', city: 'Aarhus C', address: 'Vestergade 1, 8000 Aarhus C' }),
    recipient: party({ name: 'Mette Modtager' }),
    delivery: party({ street: 'Nørrebrogade', houseNo: '10', postalCode: '2200', city: 'København N', address: 'Nørrebrogade 10, 2200 København N' }),
    bill_to: party({ name: 'Karen Kunde', company: 'Kunde ApS', cvr: '12345678' }),
    carrier: { name: 'Jens Kørsel', company: 'Kørsel A/S', cvr: null, email: null, phone: null, address: null },
    goods: { description: 'Sofa og 12 flyttekasser', packages: 13, weightKg: 250, volumeM3: 8.5, type: 'general' },
    change_log: [],
    updated_at: null,
    ...overrides,
  };
}

/** What a carrier who bid but is not assigned gets: postal code, city and country, the rest hidden (spec section 6). */
export function limitedFreightNote(note: FreightNote = makeFreightNote()): FreightNote {
  const limited = (p: FreightParty): FreightParty =>
    party({ street: freightHiddenText, postalCode: p.postalCode, city: p.city, country: p.country, address: freightHiddenText });
  return {
    ...note,
    view: 'limited',
    can_edit: false,
    sender: limited(note.sender),
    pickup: limited(note.pickup),
    recipient: limited(note.recipient),
    delivery: limited(note.delivery),
    bill_to: limited(note.bill_to),
    carrier: { name: null, company: null, cvr: null, email: null, phone: null, address: null },
    change_log: [],
  };
}
