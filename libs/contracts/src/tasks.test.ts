import { describe, expect, it } from 'vitest';
import {
  createTaskBodySchema,
  normaliseDate,
  todayInDenmark,
  parsePostalCity,
  taskIdSchema,
  taskListQuerySchema,
  taskStatusChangeBodySchema,
  updateTaskBodySchema,
} from './tasks';
import {
  courierDetailsSchema,
  fullloadDetailsSchema,
  furnitureDetailsSchema,
  movingDetailsSchema,
  packageDetailsSchema,
} from './task-details';
import { defaultPackagesOf } from './freight-notes';
import { adminStatusOptions, allowedNextStatuses, canTransition, isTaskEditable, taskStatusLabels } from './task-status';
import { taskStatuses } from './task-types';
import { eventTypes, payloadSchemaFor } from './events';
import { messages } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const movingDetails = { apartmentSize: 'medium', contactPhone: '+45 12 34 56 78' };
const base = {
  type: 'moving',
  from_address: 'Vestergade 1, 8000 Aarhus C',
  to_address: 'Nørregade 5, 1165 København K',
  description: 'Tre værelser',
  details: movingDetails,
};

describe('createTaskBodySchema', () => {
  it('when the type is missing, then the first message is Vælg en opgavetype først.', () => {
    const { type: _type, ...withoutType } = base;
    expect(firstMessage(createTaskBodySchema.safeParse({ ...withoutType, from_address: '' }))).toBe(messages.chooseTaskTypeFirst);
  });

  it('when an address is missing or blank, then it says Udfyld både afhentnings- og leveringsadresse.', () => {
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, to_address: '   ' }))).toBe(messages.fillBothAddresses);
    const { from_address: _from, ...withoutFrom } = base;
    expect(firstMessage(createTaskBodySchema.safeParse(withoutFrom))).toBe(messages.fillBothAddresses);
  });

  it('when camelCase alternates are used, then they are taken', () => {
    const { from_address, to_address, ...rest } = base;
    const parsed = createTaskBodySchema.parse({ ...rest, fromAddress: from_address, toAddress: to_address, isFlexible: 'true' });
    expect(parsed.from_address).toBe(from_address);
    expect(parsed.to_address).toBe(to_address);
    expect(parsed.is_flexible).toBe(true);
  });

  it('when dates come as timestamps, then they are normalised to the UTC date', () => {
    const parsed = createTaskBodySchema.parse({
      ...base,
      preferred_pickup_date: '2099-05-01T22:30:00.000Z',
      preferred_delivery_date: '2099-05-03',
      time_frame_start: '8:00',
      time_frame_end: '16:30:00',
    });
    expect(parsed).toMatchObject({
      preferred_pickup_date: '2099-05-01',
      preferred_delivery_date: '2099-05-03',
      time_frame_start: '08:00',
      time_frame_end: '16:30',
    });
  });

  it('when the delivery date is before pickup, then it is refused in Danish', () => {
    const result = createTaskBodySchema.safeParse({ ...base, preferred_pickup_date: '2099-05-03', preferred_delivery_date: '2099-05-01' });
    expect(firstMessage(result)).toBe(messages.deliveryBeforePickup);
  });

  it('when the pickup date is before today (in Denmark), then a new task is refused in Danish; today itself is fine', () => {
    const today = todayInDenmark();
    const yesterday = todayInDenmark(new Date(Date.now() - 24 * 3600 * 1000));
    const refused = createTaskBodySchema.safeParse({ ...base, preferred_pickup_date: yesterday });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ message: messages.pickupDateInPast, path: ['preferred_pickup_date'] })]);
    expect(createTaskBodySchema.safeParse({ ...base, preferred_pickup_date: today }).success).toBe(true);
    // An edit may send back the date the task already has; the service judges a changed one.
    expect(updateTaskBodySchema.safeParse({ preferred_pickup_date: yesterday }).success).toBe(true);
  });

  it('todayInDenmark counts the day in Copenhagen, not in UTC', () => {
    expect(todayInDenmark(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayInDenmark(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
  });

  it('when a date is not a real date, then it says so', () => {
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, preferred_pickup_date: '2026-02-30' }))).toBe(messages.invalidDate);
  });

  it('when details break the type rules, then the issue points into details even if other fields fail too', () => {
    const result = createTaskBodySchema.safeParse({ ...base, to_address: '', details: { apartmentSize: 'castle' } });
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['to_address', 'details.apartmentSize', 'details.contactPhone']));
  });

  it('when there are more than 12 images, then it says Du kan kun uploade op til 12 billeder', () => {
    const images = Array.from({ length: 13 }, (_, i) => `/api/files/img-${i}.jpg`);
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, images }))).toBe('Du kan kun uploade op til 12 billeder');
  });

  it('when an image is a javascript: link, then it is refused', () => {
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, images: ['javascript:alert(1)'] }))).toBe(messages.imageUrlInvalid);
  });

  it('when a fullload has no description, then the description is required', () => {
    const result = createTaskBodySchema.safeParse({
      ...base,
      type: 'fullload',
      description: '',
      details: { truckType: 'trailer', volume: 30, weight: 5000 },
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['description'], message: messages.descriptionRequired })]);
  });

  it('when the description is huge, then it is refused', () => {
    expect(firstMessage(createTaskBodySchema.safeParse({ ...base, description: 'x'.repeat(5001) }))).toBe(messages.descriptionTooLong);
  });

  it('when valid, then defaults are filled in and details parsed for the type', () => {
    const parsed = createTaskBodySchema.parse(base);
    expect(parsed.details).toMatchObject({ apartmentSize: 'medium', needPacking: false });
    expect(parsed).toMatchObject({ images: [], is_flexible: false, contact_email: null, preferred_pickup_date: null });
  });
});

describe('details schemas', () => {
  it('moving: rooms 1-20, floors 0-6, parking distances, required size and phone', () => {
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, numberOfRooms: 21 }))).toBe('Antal værelser skal være mellem 1 og 20');
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, numberOfRooms: '0' }))).toBe(messages.roomsRange);
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, floorFrom: 7 }))).toBe(messages.floorRange);
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, parkingDistanceTo: 30 }))).toBe(messages.parkingDistanceInvalid);
    expect(movingDetailsSchema.parse({ ...movingDetails, parkingDistanceTo: '25', totalVolume: '12,5' })).toMatchObject({
      parkingDistanceTo: 25,
      totalVolume: 12.5,
    });
    expect(firstMessage(movingDetailsSchema.safeParse({ contactPhone: '12345678' }))).toBe(messages.apartmentSizeRequired);
    expect(firstMessage(movingDetailsSchema.safeParse({ apartmentSize: 'small' }))).toBe(messages.contactPhoneRequired);
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, totalVolume: 0.5 }))).toBe(messages.volumeMin);
    expect(firstMessage(movingDetailsSchema.safeParse({ ...movingDetails, numberOfBoxes: -1 }))).toBe(messages.boxesRange);
  });

  it('courier: size and weight required, no display pallets', () => {
    expect(firstMessage(courierDetailsSchema.safeParse({ packageWeight: 2 }))).toBe(messages.packageSizeRequired);
    expect(firstMessage(courierDetailsSchema.safeParse({ packageSize: 'small' }))).toBe(messages.weightRequired);
    expect(firstMessage(courierDetailsSchema.safeParse({ packageSize: 'small', packageWeight: 2, palletType: 'display' }))).toBe(
      messages.palletTypeInvalid,
    );
    expect(firstMessage(courierDetailsSchema.safeParse({ packageSize: 'small', packageWeight: 2, length: 0 }))).toBe(messages.dimensionRange);
  });

  it('package: type, items 1-1000 and weight required; display pallets allowed', () => {
    const ok = { packageType: 'pallet', numberOfItems: 2, totalWeight: 100, pallets: [{ palletType: 'display', quantity: 2 }] };
    expect(packageDetailsSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(packageDetailsSchema.safeParse({ ...ok, numberOfItems: 1001 }))).toBe(messages.packageItemsRange);
    expect(firstMessage(packageDetailsSchema.safeParse({ ...ok, totalWeight: -1 }))).toBe(messages.weightRange);
    expect(firstMessage(packageDetailsSchema.safeParse({ ...ok, packageType: 'parcel' }))).toBe(messages.invalidChoice);
  });

  it('furniture: type and items 1-100 required', () => {
    expect(firstMessage(furnitureDetailsSchema.safeParse({ numberOfItems: 1 }))).toBe(messages.furnitureTypeRequired);
    expect(firstMessage(furnitureDetailsSchema.safeParse({ furnitureType: 'sofa', numberOfItems: 101 }))).toBe(messages.furnitureItemsRange);
    expect(firstMessage(furnitureDetailsSchema.safeParse({ furnitureType: 'sofa', numberOfItems: 1.5 }))).toBe(messages.wholeNumberRequired);
  });

  it('fullload: truck type, volume and weight required', () => {
    expect(firstMessage(fullloadDetailsSchema.safeParse({ volume: 10, weight: 1 }))).toBe(messages.truckTypeRequired);
    expect(firstMessage(fullloadDetailsSchema.safeParse({ truckType: 'container', weight: 1 }))).toBe(messages.volumeRequired);
    expect(firstMessage(fullloadDetailsSchema.safeParse({ truckType: 'container', volume: 'abc', weight: 1 }))).toBe(messages.invalidNumber);
  });

  it("fullload pallets: 'Ingen palle' takes no count (4 × Ingen palle is refused in Danish); every other type needs one", () => {
    const base = { truckType: 'container', volume: 10, weight: 1 };
    const withLine = (line: object) => fullloadDetailsSchema.safeParse({ ...base, pallets: [line] });
    const refused = withLine({ palletType: 'none', quantity: 4 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['pallets', 0, 'quantity'], message: messages.palletNoneQuantity });
    expect(withLine({ palletType: 'none', quantity: '' }).success).toBe(true);
    expect(withLine({ palletType: 'none' }).data?.pallets).toEqual([{ palletType: 'none' }]);
    expect(firstMessage(withLine({ palletType: 'euro' }))).toBe(messages.palletCountRange);
    expect(withLine({ palletType: 'euro', quantity: '4' }).data?.pallets).toEqual([{ palletType: 'euro', quantity: 4 }]);
    expect(firstMessage(withLine({ palletType: 'euro', quantity: 0 }))).toBe(messages.palletCountRange);
  });
});

describe('updateTaskBodySchema', () => {
  it('when the address is blanked, then it is refused', () => {
    expect(firstMessage(updateTaskBodySchema.safeParse({ to_address: '' }))).toBe(messages.fillBothAddresses);
  });
  it('when only a description is given, then only that comes out', () => {
    expect(updateTaskBodySchema.parse({ description: 'Ny' })).toEqual({ description: 'Ny' });
  });
  it('when a contact field is null, then it is cleared', () => {
    expect(updateTaskBodySchema.parse({ contactEmail: null })).toEqual({ contact_email: null });
  });
});

describe('taskListQuerySchema', () => {
  it('when nothing is given, then page 1 of 20', () => {
    expect(taskListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
  });
  it('when flags and filters come as strings, then they are typed', () => {
    expect(taskListQuerySchema.parse({ status: 'active', available: 'true', minPrice: '100', dateFrom: '2026-01-01' })).toMatchObject({
      status: 'active',
      available: true,
      minPrice: 100,
      dateFrom: '2026-01-01',
    });
  });
  it('when values are wrong, then Danish messages come back', () => {
    expect(firstMessage(taskListQuerySchema.safeParse({ status: 'open' }))).toBe(messages.taskStatusInvalid);
    expect(firstMessage(taskListQuerySchema.safeParse({ limit: '101' }))).toBe(messages.invalidPageLimit);
    expect(firstMessage(taskListQuerySchema.safeParse({ page: 'x' }))).toBe(messages.invalidPage);
    expect(firstMessage(taskListQuerySchema.safeParse({ minPrice: '-1' }))).toBe(messages.invalidPriceFilter);
    expect(firstMessage(taskListQuerySchema.safeParse({ q: 'x'.repeat(201) }))).toBe(messages.searchTooLong);
  });
});

describe('ids, dates, addresses', () => {
  it('when the id is not numeric, then Ugyldigt opgave-id', () => {
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999']) {
      expect(firstMessage(taskIdSchema.safeParse(bad))).toBe('Ugyldigt opgave-id');
    }
    expect(taskIdSchema.parse('42')).toBe(42);
  });
  it('normaliseDate keeps the UTC date', () => {
    expect(normaliseDate('2026-12-31T23:30:00-02:00')).toBe('2027-01-01');
    expect(normaliseDate('31-12-2026')).toBeNull();
  });
  it('parsePostalCity finds the last postal code and city', () => {
    expect(parsePostalCity('Vestergade 1, 1. th, 8000 Aarhus C')).toEqual({ postalCode: '8000', city: 'Aarhus C' });
    expect(parsePostalCity('Rådhuspladsen 1, 1550 København V, Danmark')).toEqual({ postalCode: '1550', city: 'København V' });
    expect(parsePostalCity('Et sted på landet')).toEqual({ postalCode: null, city: null });
  });
});

describe('state machine', () => {
  it('the assigned carrier walks the delivery steps; others cannot', () => {
    expect(canTransition('paid', 'picked_up', 'carrier', 'assigned_carrier')).toBe(true);
    expect(canTransition('paid', 'picked_up', 'carrier', 'none')).toBe(false);
    expect(canTransition('picked_up', 'in_transit', 'carrier', 'assigned_carrier')).toBe(true);
    expect(canTransition('in_transit', 'delivered', 'carrier', 'assigned_carrier')).toBe(true);
    expect(canTransition('delivered', 'completed', 'carrier', 'assigned_carrier')).toBe(true);
    expect(canTransition('open_for_bids', 'completed', 'carrier', 'assigned_carrier')).toBe(false);
  });
  it('a customer cannot change status directly', () => {
    expect(allowedNextStatuses('open_for_bids', 'customer', 'owner')).toEqual([]);
  });
  it('an admin may pick every dropdown status from anywhere', () => {
    for (const from of taskStatuses) {
      for (const to of adminStatusOptions) expect(canTransition(from, to, 'admin')).toBe(from !== to);
    }
  });
  it('a paid task is never set back to before a bid was accepted; cancelling (which refunds) stays open', () => {
    for (const to of ['open_for_bids', 'pending_admin_review'] as const) {
      expect(canTransition('paid', to, 'admin', 'none', { paid: true })).toBe(false);
      expect(canTransition('paid', to, 'admin', 'none', { paid: false })).toBe(true);
    }
    expect(allowedNextStatuses('assigned', 'admin', 'none', { paid: true })).toEqual(['picked_up', 'in_progress', 'completed', 'cancelled']);
  });
  it('a paid task that is completed is not cancelled (that would refund a job the carrier has earned); unpaid it may be', () => {
    expect(canTransition('completed', 'cancelled', 'admin', 'none', { paid: true })).toBe(false);
    expect(canTransition('completed', 'cancelled', 'system', 'none', { paid: true })).toBe(false);
    expect(canTransition('completed', 'cancelled', 'admin', 'none', { paid: false })).toBe(true);
    expect(canTransition('delivered', 'cancelled', 'admin', 'none', { paid: true })).toBe(true);
  });
  it('every status has a Danish label and editing stops at assigned', () => {
    expect(taskStatusLabels.open_for_bids).toBe('Åben for bud');
    expect(isTaskEditable('open_for_bids')).toBe(true);
    expect(isTaskEditable('assigned')).toBe(false);
  });
  it('status change body refuses an unknown status', () => {
    expect(firstMessage(taskStatusChangeBodySchema.safeParse({ status: 'done' }))).toBe(messages.taskStatusInvalid);
  });
});

describe('task events', () => {
  it('have payload schemas', () => {
    for (const type of [eventTypes.taskCreated, eventTypes.taskUpdated, eventTypes.taskStatusChanged]) {
      expect(payloadSchemaFor(type)).toBeDefined();
    }
  });
});

describe('defaultPackagesOf (Antal kolli before anyone typed it)', () => {
  it('counts the pallets of a fullload task, a line without pallets counting nothing', () => {
    expect(defaultPackagesOf('fullload', { pallets: [{ palletType: 'euro', quantity: 4 }] })).toBe(4);
    expect(defaultPackagesOf('fullload', { pallets: [{ palletType: 'euro', quantity: 4 }, { palletType: 'quarter', quantity: 3 }] })).toBe(7);
    expect(defaultPackagesOf('fullload', { pallets: [{ palletType: 'none', quantity: 4 }] })).toBe(1);
    expect(defaultPackagesOf('fullload', { truckType: 'trailer' })).toBe(1);
  });

  it('uses the number of items of package and furniture, the pallets of a courier, else 1', () => {
    expect(defaultPackagesOf('package', { numberOfItems: 5, pallets: [{ palletType: 'euro', quantity: 2 }] })).toBe(5);
    expect(defaultPackagesOf('furniture', { numberOfItems: 2 })).toBe(2);
    expect(defaultPackagesOf('courier', { palletType: 'euro', numberOfPallets: 3 })).toBe(3);
    expect(defaultPackagesOf('courier', { palletType: 'none', numberOfPallets: 3 })).toBe(1);
    expect(defaultPackagesOf('moving', { numberOfBoxes: 20 })).toBe(1);
    expect(defaultPackagesOf('package', null)).toBe(1);
  });
});
