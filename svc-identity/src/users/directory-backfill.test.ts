/**
 * The user-directory backfill (issue 13): a database whose users registered before the other services kept names
 * announces every user once at the next start, and never again for the same directory version.
 */
import { eventTypes, type EventEnvelope } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startIdentity, type StartedIdentity } from '../test-harness';
import { DIRECTORY_VERSION } from './user-events';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const updatesOf = (userId: number, type: string = eventTypes.userUpdated) =>
  identity.published.filter((e: EventEnvelope) => e.type === type && (e.data as { userId: number }).userId === userId);

describe('user directory backfill', () => {
  it('when the stored directory version is behind, then a restart announces every user once with name, company, role, phone and address', async () => {
    const customer = await registerUser(identity, { name: 'Karen Jensen' });
    const carrier = await registerUser(identity, { name: 'Lars Hansen', role: 'carrier', company: 'Hansen Fragt ApS' });
    expect(updatesOf(customer.user.id)).toHaveLength(0);
    await identity.db('users').where({ id: carrier.user.id }).update({ phone: '20304050', address: 'Havnegade 1', postal_code: '8000', city: 'Aarhus C', country: 'Danmark' });
    // As a database whose directories have no phones yet (version 1): every user is announced again.
    await identity.db('directory_announcements').update({ version: 1 });

    identity = await identity.restart();
    await waitFor(() => updatesOf(customer.user.id).length > 0 && updatesOf(carrier.user.id).length > 0);
    expect(updatesOf(customer.user.id)[0]!.data).toEqual({
      userId: customer.user.id,
      name: 'Karen Jensen',
      email: customer.user.email,
      company: null,
      role: 'customer',
      phone: null,
      address: null,
      hasBankDetails: false,
    });
    expect(updatesOf(carrier.user.id)[0]!.data).toMatchObject({
      name: 'Lars Hansen',
      company: 'Hansen Fragt ApS',
      role: 'carrier',
      phone: '20304050',
      address: 'Havnegade 1, 8000 Aarhus C',
    });
    await waitFor(() => updatesOf(carrier.user.id, eventTypes.carrierProfileUpdated).length >= 2);
    expect(updatesOf(customer.user.id, eventTypes.carrierProfileUpdated)).toHaveLength(0);
    expect(await identity.db('directory_announcements').first('version')).toEqual({ version: DIRECTORY_VERSION });

    // The next start finds the version current and announces nobody.
    identity = await identity.restart();
    const later = await registerUser(identity, { name: 'Efter Genstart' });
    await waitFor(() => updatesOf(later.user.id, eventTypes.userRegistered).length > 0);
    expect(updatesOf(customer.user.id)).toHaveLength(1);
  });
});
