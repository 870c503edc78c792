import { describe, expect, it } from 'vitest';
import type { TaskType } from '@fragtbud/contracts';
import { makeTask } from '../../../testing/handlers';
import { emptyTaskForm, taskToForm, toTaskInput, validateTaskForm, type TaskForm } from './task-form';

const addresses = { from: { address: 'Vestergade 1, 8000 Aarhus C' }, to: { address: 'Nørregade 2, 1165 København K' } };

function form(overrides: Partial<TaskForm>): TaskForm {
  return { ...emptyTaskForm(), ...addresses, ...overrides };
}

describe('task form model', () => {
  it('sends pallets (blank lines left out, measures only when given) and numbers as numbers', () => {
    const checked = validateTaskForm(
      form({
        type: 'package',
        details: {
          package: {
            packageType: 'pallet',
            numberOfItems: '3',
            totalWeight: '450,5',
            dimensions: { length: '', width: '', height: '' },
            pallets: [
              { palletType: 'euro', quantity: '2', dimensions: { length: '', width: '', height: '' } },
              { palletType: 'custom', quantity: '1', dimensions: { length: '100', width: '50', height: '40' } },
              { palletType: '', quantity: '', dimensions: { length: '', width: '', height: '' } },
            ],
          },
        },
      }),
      { withContact: false },
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body.details).toMatchObject({
      packageType: 'pallet',
      numberOfItems: 3,
      totalWeight: 450.5,
      pallets: [
        { palletType: 'euro', quantity: 2 },
        { palletType: 'custom', quantity: 1, dimensions: { length: 100, width: 50, height: 40 } },
      ],
    });
    expect(checked.body.details).not.toHaveProperty('dimensions.length');
  });

  // QA: '2,5' in 'Antal kolli' was sent as 25. Every whole-number field of the five types refuses a decimal instead.
  it.each<[TaskType, string, Record<string, string>]>([
    ['moving', 'numberOfRooms', { apartmentSize: 'small', contactPhone: '12345678' }],
    ['moving', 'numberOfBoxes', { apartmentSize: 'small', contactPhone: '12345678' }],
    ['moving', 'floorFrom', { apartmentSize: 'small', contactPhone: '12345678' }],
    ['moving', 'floorTo', { apartmentSize: 'small', contactPhone: '12345678' }],
    ['courier', 'numberOfPallets', { packageSize: 'small', packageWeight: '2' }],
    ['package', 'numberOfItems', { packageType: 'box', totalWeight: '10' }],
    ['furniture', 'numberOfItems', { furnitureType: 'sofa' }],
    ['furniture', 'floorFrom', { furnitureType: 'sofa', numberOfItems: '1' }],
    ['furniture', 'floorTo', { furnitureType: 'sofa', numberOfItems: '1' }],
  ])('when %s %s is given as a decimal, then it is refused with "Angiv et helt tal" and nothing is sent', (type, key, rest) => {
    for (const typed of ['2,5', '2.5', '1,0']) {
      const checked = validateTaskForm(form({ type, details: { [type]: { ...rest, [key]: typed } } }), { withContact: false });
      expect(checked, `${key} = ${typed}`).toEqual({ ok: false, errors: { [`details.${key}`]: 'Angiv et helt tal' } });
    }
  });

  it('refuses a decimal pallet quantity, and keeps reading weights and volumes the Danish way', () => {
    const pallets = [{ palletType: 'euro', quantity: '2,5', dimensions: { length: '', width: '', height: '' } }];
    const refused = validateTaskForm(
      form({ type: 'fullload', description: 'Paller', details: { fullload: { truckType: 'trailer', volume: '20,5', weight: '1.250,75', pallets } } }),
      { withContact: false },
    );
    expect(refused).toEqual({ ok: false, errors: { 'details.pallets.0.quantity': 'Angiv et helt tal' } });

    const accepted = validateTaskForm(
      form({ type: 'package', details: { package: { packageType: 'box', numberOfItems: '1.000', totalWeight: '1.250,75' } } }),
      { withContact: false },
    );
    expect(accepted.ok && accepted.body.details).toMatchObject({ numberOfItems: 1000, totalWeight: 1250.75 });
  });

  it('names a pallet line problem by its path', () => {
    const checked = validateTaskForm(
      form({
        type: 'fullload',
        description: 'Paller med dåser',
        details: { fullload: { truckType: 'trailer', volume: '20', weight: '9000', pallets: [{ palletType: 'euro', quantity: '', dimensions: { length: '', width: '', height: '' } }] } },
      }),
      { withContact: false },
    );
    expect(checked).toEqual({ ok: false, errors: { 'details.pallets.0.quantity': 'Antal paller skal være mellem 0 og 1000' } });
  });

  it("sends no count for 'Ingen palle', also when an older task held one (its field is hidden, so it could not be fixed)", () => {
    const older = taskToForm(
      makeTask({ type: 'fullload', description: 'Maskiner', details: { truckType: 'trailer', volume: 20, weight: 9000, pallets: [{ palletType: 'none', quantity: 4 }] } }),
    );
    // Only the details matter here (the fixture's dates lie in the past).
    const checked = validateTaskForm({ ...older, ...addresses, preferredPickupDate: '', preferredDeliveryDate: '' }, { withContact: false });
    // As sent (JSON): the line without a quantity.
    expect(checked.ok && JSON.parse(JSON.stringify(checked.body.details)).pallets).toEqual([{ palletType: 'none' }]);
  });

  it('keeps courier measures directly in details', () => {
    const input = toTaskInput(
      form({ type: 'courier', details: { courier: { packageSize: 'small', packageWeight: '2', dimensions: { length: '30', width: '20', height: '' } } } }),
      { withContact: false },
    );
    expect(input.details).toMatchObject({ length: 30, width: 20, height: '' });
    expect(input).not.toHaveProperty('contact_email');
  });

  it('reads typed numbers the Danish way: 1.234,5 kg is 1234.5, junk is left for the schema to refuse', () => {
    const input = toTaskInput(
      form({ type: 'courier', details: { courier: { packageSize: 'small', packageWeight: '1.234,5', dimensions: { length: '30,5', width: 'bred', height: '' } } } }),
      { withContact: false },
    );
    expect(input.details).toMatchObject({ packageWeight: 1234.5, length: 30.5, width: 'bred' });
  });

  it('turns a task back into the form it came from', () => {
    const task = makeTask({
      type: 'package',
      details: { packageType: 'box', numberOfItems: 4, totalWeight: 12, fragile: true, pallets: [{ palletType: 'half', quantity: 2 }] },
      preferred_pickup_date: '2026-03-05T00:00:00.000Z',
      time_frame_start: '08:00:00',
    });
    const prefilled = taskToForm(task);
    expect(prefilled.details.package).toMatchObject({
      packageType: 'box',
      numberOfItems: '4',
      totalWeight: '12',
      fragile: true,
      stackable: false,
      pallets: [{ palletType: 'half', quantity: '2', dimensions: { length: '', width: '', height: '' } }],
    });
    expect(prefilled.preferredPickupDate).toBe('2026-03-05');
    expect(prefilled.timeFrameStart).toBe('08:00');
    // The task's own pickup date has passed; an edit may keep it.
    const again = validateTaskForm(prefilled, { withContact: true, keptPickupDate: '2026-03-05' });
    expect(again.ok && again.body.details).toMatchObject({ packageType: 'box', numberOfItems: 4, pallets: [{ palletType: 'half', quantity: 2 }] });
  });
});
