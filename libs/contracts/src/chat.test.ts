import { describe, expect, it } from 'vitest';
import { chatLockFor, redactChatText, sendChatMessageBodySchema, type ChatTaskFacts } from './chat';

describe('redactChatText', () => {
  it.each([
    // redacted before issue #24
    ['skriv til mig på peter@firma.dk tak', 'skriv til mig på [redigeret] tak'],
    ['Peter.Hansen+flyt@mail.firma.co.uk.', '[redigeret].'],
    ['mail: navn @ firma.dk', 'mail: [redigeret]'],
    ['navn (at) firma dk', '[redigeret]'],
    ['navn [at] firma [dot] dk', '[redigeret]'],
    ['navn(at)firma(punktum)dk eller ring', '[redigeret] eller ring'],
    ['navn {snabel-a} firma . dk', '[redigeret]'],
    ['ring 12345678', 'ring [redigeret]'],
    ['ring 123456789012 nu', 'ring [redigeret] nu'],
    ['ring 12 34 56 78', 'ring [redigeret]'],
    ['ring +45 12345678', 'ring [redigeret]'],
    ['ring +4512345678', 'ring [redigeret]'],
    ['ring (+45) 12 34 56 78', 'ring [redigeret]'],
    ['ring 12.34.56.78', 'ring [redigeret]'],
    ['ring 1234-5678', 'ring [redigeret]'],
    ['ring 0045 1234 5678', 'ring [redigeret]'],
    ['ring １２３４５６７８', 'ring [redigeret]'],
    ['to numre: 11223344 og 55667788', 'to numre: [redigeret] og [redigeret]'],
    // the bypasses of issue #24
    ['ring 20  30  40  50 i aften', 'ring [redigeret] i aften'],
    ['ring 20_30_40_50', 'ring [redigeret]'],
    ['ring 2030\u200b4050', 'ring [redigeret]'],
    ['ring 2O3O4O5O', 'ring [redigeret]'],
    ['ring to nul tre nul fire nul fem nul', 'ring [redigeret]'],
    ['skriv til navn＠firma.dk', 'skriv til [redigeret]'],
    ['skriv til navn\u200b@firma.dk', 'skriv til [redigeret]'],
    ['skriv til navn at firma dot dk', 'skriv til [redigeret]'],
    ['ring 20 / 30 / 40 / 50', 'ring [redigeret]'],
    ['ring 20\u202e30\u202c40\u206650\u2069 nu', 'ring [redigeret] nu'],
    ['ring 2o 3o 4o 5o eller l2 34 56 78', 'ring [redigeret] eller [redigeret]'],
    ['ring TO-NUL-TRE-NUL 40 50', 'ring [redigeret]'],
    ['ring tyve tredive fyrre halvtreds', 'ring [redigeret]'],
    ['skriv navn snabel-a firma punktum dk', 'skriv [redigeret]'],
    ['skriv navn ＠ firma ． dk', 'skriv [redigeret]'],
    ['vi er to, ring 20304050', 'vi er to, ring [redigeret]'],
    ['ring 20.30-40.50', 'ring [redigeret]'],
    ['ring 12.30-10.45', 'ring [redigeret]'],
  ])('when the text is %j, then it becomes %j', (text, expected) => {
    expect(redactChatText(text)).toBe(expected);
  });

  it.each([
    'Jeg kan komme kl. 12.30 den 12.03.2026',
    'Flytningen er 12.05.2026 eller 2026-05-13',
    'Vi kan komme mellem 10.00-12.00 eller 13.30 - 15.00',
    'Prisen er 1.250 kr for 3 sofaer og 2 stole',
    'Det koster 2.500 kr',
    'Postnummer 8000 Aarhus C, 4. sal',
    'Vestergade 12, 8000 Aarhus C',
    '3 sofaer og 2 borde',
    'Vi er to mand og en bil',
    'en sofa, et bord og to stole',
    '1234567 er kun syv cifre',
    'Jeg håber at firma kan nå det',
    'Det er at flytte 2 skabe',
    'Husk at vi kommer kl. 8 på 3. sal',
    'Jeg har ti kasser, fem lamper og tre tæpper',
  ])('when the text is %j, then it stays as it is', (text) => {
    expect(redactChatText(text)).toBe(text);
  });

  it('when the message hides invisible characters outside a number, then only the number is replaced and the rest is kept as written', () => {
    expect(redactChatText('Hej\u200b! Ring på 2030\u200b4050 – mvh Åse')).toBe('Hej\u200b! Ring på [redigeret] – mvh Åse');
  });
});

describe('sendChatMessageBodySchema', () => {
  it.each(['', '   ', '\n\t '])('when the message is %j, then it is refused as empty', (message) => {
    const result = sendChatMessageBodySchema.safeParse({ taskId: 1, receiverId: 2, message });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Beskeden må ikke være tom.');
  });

  it('when the message is padded, then it is trimmed', () => {
    expect(sendChatMessageBodySchema.parse({ taskId: '1', receiverId: 2, message: '  hej  ' })).toMatchObject({ taskId: 1, message: 'hej' });
  });
});

describe('chatLockFor', () => {
  const owner = { id: 1, role: 'customer' as const };
  const bidder = { id: 2, role: 'carrier' as const };
  const stranger = { id: 3, role: 'carrier' as const };
  const admin = { id: 9, role: 'admin' as const };
  const open: ChatTaskFacts = { status: 'open_for_bids', ownerId: 1, accepted: false, winnerId: null, atBidLimit: false, bidderIds: [2] };
  const full: ChatTaskFacts = { ...open, atBidLimit: true };
  const accepted: ChatTaskFacts = { ...open, status: 'assigned', accepted: true, winnerId: 2 };
  const pair = (receiverId: number, extra: Partial<{ receiverWroteFirst: boolean; receiverIsAdminWhoWrote: boolean }> = {}) => ({
    receiverId,
    receiverWroteFirst: false,
    receiverIsAdminWhoWrote: false,
    ...extra,
  });

  it.each([
    ['owner to a bidder, open', owner, pair(2), open, null],
    ['owner to themself', owner, pair(1), open, 'unavailable'],
    ['owner to a carrier without bid, open', owner, pair(3), open, 'unavailable'],
    ['owner to a carrier who wrote first, open', owner, pair(3, { receiverWroteFirst: true }), open, null],
    ['owner to a carrier who wrote first, at limit', owner, pair(3, { receiverWroteFirst: true }), full, 'unavailable'],
    ['owner to a bidder, at limit', owner, pair(2), full, null],
    ['owner to the winner', owner, pair(2), accepted, null],
    ['owner to a loser', owner, pair(3), accepted, 'bid_chosen'],
    ['bidder to the owner, open', bidder, pair(1), open, null],
    ['stranger to the owner, open', stranger, pair(1), open, null],
    ['stranger to the owner, at limit', stranger, pair(1), full, 'max_bids_no_bid'],
    ['bidder to the owner, at limit', bidder, pair(1), full, null],
    ['carrier to another carrier', bidder, pair(3), open, 'carrier_only_customer'],
    ['winner to the owner', bidder, pair(1), accepted, null],
    ['loser to the owner', stranger, pair(1), accepted, 'bid_chosen'],
    ['admin to anyone', admin, pair(3), open, null],
    ['admin when completed', admin, pair(1), { ...accepted, status: 'completed' }, 'closed'],
    ['winner when cancelled', bidder, pair(1), { ...accepted, status: 'cancelled' }, 'closed'],
    ['carrier answering an admin', stranger, pair(9, { receiverIsAdminWhoWrote: true }), accepted, null],
    ['bidder while the task awaits review', bidder, pair(1), { ...open, status: 'pending_admin_review' }, 'unavailable'],
    ['another customer', { id: 5, role: 'customer' as const }, pair(2), open, 'unavailable'],
    ['a blocked owner', { ...owner, blocked: true }, pair(2), open, 'unavailable'],
    ['a carrier awaiting approval to the owner, open', { ...stranger, approved: false }, pair(1), open, 'unavailable'],
    ['a carrier awaiting approval answering an admin', { ...stranger, approved: false }, pair(9, { receiverIsAdminWhoWrote: true }), open, null],
  ] as const)('%s → %s', (_name, sender, p, task, expected) => {
    expect(chatLockFor(sender, p, task)).toBe(expected);
  });
});
