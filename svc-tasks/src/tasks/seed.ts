import type { TaskStatus, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';
import { insertTaskRows, type SeedTaskRow } from './repo';

/** Real Danish postal codes with their towns: the places search and browse see most in practice. */
const places: readonly (readonly [string, string])[] = [
  ['1165', 'København K'], ['2100', 'København Ø'], ['2200', 'København N'], ['2300', 'København S'], ['2400', 'København NV'],
  ['2500', 'Valby'], ['2000', 'Frederiksberg'], ['2800', 'Kongens Lyngby'], ['2900', 'Hellerup'], ['2630', 'Taastrup'],
  ['3000', 'Helsingør'], ['3400', 'Hillerød'], ['4000', 'Roskilde'], ['4200', 'Slagelse'], ['4700', 'Næstved'],
  ['4800', 'Nykøbing F'], ['5000', 'Odense C'], ['5700', 'Svendborg'], ['6000', 'Kolding'], ['6100', 'Haderslev'],
  ['6200', 'Aabenraa'], ['6400', 'Sønderborg'], ['6700', 'Esbjerg'], ['7100', 'Vejle'], ['7400', 'Herning'],
  ['7500', 'Holstebro'], ['8000', 'Aarhus C'], ['8200', 'Aarhus N'], ['8210', 'Aarhus V'], ['8600', 'Silkeborg'],
  ['8700', 'Horsens'], ['8800', 'Viborg'], ['8900', 'Randers C'], ['9000', 'Aalborg'], ['9800', 'Hjørring'],
  ['3700', 'Rønne'], ['7700', 'Thisted'], ['9900', 'Frederikshavn'], ['4600', 'Køge'], ['3600', 'Frederikssund'],
];

const streets = [
  'Vestergade', 'Østergade', 'Nørregade', 'Søndergade', 'Algade', 'Jernbanegade', 'Skolevej', 'Kirkevej', 'Møllevej',
  'Bøgevej', 'Birkevej', 'Lindevej', 'Strandvejen', 'Havnegade', 'Parkvej', 'Åboulevarden', 'Frederiksgade', 'Vesterbrogade',
];

/** Per type: a valid details object and the phrases its descriptions are made of. */
const typeProfiles: Record<TaskType, { details: Record<string, unknown>[]; phrases: string[] }> = {
  moving: {
    details: [
      { apartmentSize: 'small', numberOfRooms: 1, contactPhone: '+45 20 30 40 50', floorFrom: 1, parkingDistanceFrom: 10 },
      { apartmentSize: 'medium', numberOfRooms: 3, contactPhone: '+45 22 33 44 55', floorFrom: 3, parkingDistanceFrom: 25 },
      { apartmentSize: 'large', numberOfRooms: 5, contactPhone: '+45 40 50 60 70', floorFrom: 0, parkingDistanceFrom: 0 },
    ],
    phrases: [
      'Flytning af lejlighed med tre værelser', 'Vi flytter fra 3. sal uden elevator', 'Hus på 140 m² skal flyttes',
      'Studielejlighed med få møbler', 'Kasser er pakket og klar', 'Vaskemaskine og køleskab skal med',
      'Parkering lige foran opgangen', 'Flyttebiler skal kunne holde i gården', 'Klaver skal også med',
    ],
  },
  courier: {
    details: [
      { packageSize: 'small', packageWeight: 2.5 },
      { packageSize: 'medium', packageWeight: 8 },
      { packageSize: 'large', packageWeight: 20 },
    ],
    phrases: [
      'Hastelevering af dokumenter', 'Reservedel skal leveres samme dag', 'Lille pakke til kunde',
      'Prøver til laboratorium', 'Kuvert med kontrakter', 'Levering inden kl. 12',
    ],
  },
  package: {
    details: [
      { packageType: 'box', numberOfItems: 4, totalWeight: 40 },
      { packageType: 'pallet', numberOfItems: 2, totalWeight: 600 },
      { packageType: 'box', numberOfItems: 12, totalWeight: 150 },
    ],
    phrases: [
      'To paller med fliser', 'Kasser med bøger til lager', 'Europalle med varer til butik',
      'Pakker til webshop-kunder', 'Palle med havemøbler', 'Varer skal afhentes på lager med rampe',
    ],
  },
  furniture: {
    details: [
      { furnitureType: 'sofa', numberOfItems: 1 },
      { furnitureType: 'table', numberOfItems: 2 },
      { furnitureType: 'wardrobe', numberOfItems: 1 },
    ],
    phrases: [
      'Sofa købt brugt skal hentes', 'Spisebord og seks stole', 'Garderobeskab skal adskilles',
      'Reol fra genbrugsbutik', 'Seng med madras', 'Lænestol og sofabord',
    ],
  },
  fullload: {
    details: [
      { truckType: 'trailer', volume: 80, weight: 12000 },
      { truckType: 'large', volume: 40, weight: 8000 },
    ],
    phrases: [
      'Fuldt læs byggematerialer', 'Trailer med tømmer til byggeplads', 'Fuldt læs grus',
      'Maskiner skal flyttes mellem to lagre', 'Fuldt læs paller til eksport',
    ],
  },
};

const types = Object.keys(typeProfiles) as TaskType[];

/** Things few tasks mention (about one task in 2 000 each): what a search for a rare word finds. */
export const rareSeedWords = ['flygel', 'pengeskab', 'billardbord', 'akvarium', 'motorcykel'] as const;

/** Most tasks in a marketplace are finished; a share is open, a few are on their way. */
const statusWeights: readonly (readonly [TaskStatus, number])[] = [
  ['open_for_bids', 30], ['completed', 40], ['cancelled', 8], ['assigned', 6], ['paid', 4], ['picked_up', 3],
  ['in_transit', 3], ['delivered', 4], ['pending_admin_review', 2],
];
const statusTotal = statusWeights.reduce((sum, [, weight]) => sum + weight, 0);

/** A small deterministic generator (mulberry32): the same seed gives the same tasks. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

export interface SeedTasksOptions {
  count: number;
  /** Generator seed; the same seed gives the same tasks. */
  seed?: number;
  /** created_at spreads evenly over this many days back from `now`. */
  days?: number;
  now?: Date;
  batchSize?: number;
  /** Called after each batch with the number inserted so far. */
  onProgress?: (inserted: number) => void;
}

/**
 * Realistic tasks for benchmarks and plan tests: five types with valid details, Danish postal codes and towns,
 * descriptions from everyday phrases, the status mix of a marketplace that has run a while, bids on part of them.
 * Written through the repository (same columns and JSON handling as the service), in batches.
 */
export async function seedTasks(db: Db, options: SeedTasksOptions): Promise<number> {
  const random = randomFrom(options.seed ?? 15);
  const now = (options.now ?? new Date()).getTime();
  const spanMs = (options.days ?? 365) * 24 * 3600 * 1000;
  const batchSize = options.batchSize ?? 1000;
  let inserted = 0;
  while (inserted < options.count) {
    const batch: SeedTaskRow[] = [];
    for (let i = 0; i < batchSize && inserted + i < options.count; i += 1) {
      batch.push(taskOf(random, new Date(now - Math.floor(random.next() * spanMs))));
    }
    await insertTaskRows(db, batch);
    inserted += batch.length;
    options.onProgress?.(inserted);
  }
  return inserted;
}

function statusOf(random: ReturnType<typeof randomFrom>): TaskStatus {
  let roll = random.int(statusTotal);
  for (const [status, weight] of statusWeights) {
    if (roll < weight) return status;
    roll -= weight;
  }
  return 'open_for_bids';
}

function taskOf(random: ReturnType<typeof randomFrom>, createdAt: Date): SeedTaskRow {
  const type = random.pick(types);
  const profile = typeProfiles[type];
  const [fromPostal, fromCity] = random.pick(places);
  const [toPostal, toCity] = random.pick(places);
  const status = statusOf(random);
  const guest = random.int(10) === 0;
  const userId = guest ? null : 1 + random.int(20_000);
  const bidCount = status === 'open_for_bids' ? random.int(6) : status === 'pending_admin_review' ? 0 : 1 + random.int(5);
  const lowestBidOre = bidCount > 0 ? (200 + random.int(30_000)) * 100 : null;
  const assigned = !['open_for_bids', 'pending_admin_review', 'cancelled'].includes(status);
  const rare = random.int(400) === 0 ? ` Husk også ${random.pick(rareSeedWords)}.` : '';
  const description = `${random.pick(profile.phrases)}. ${random.pick(profile.phrases)}.${rare}`;
  const pickup = new Date(createdAt.getTime() + (3 + random.int(30)) * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    user_id: userId,
    is_guest: guest,
    type,
    status,
    from_address: `${random.pick(streets)} ${1 + random.int(120)}, ${fromPostal} ${fromCity}`,
    to_address: `${random.pick(streets)} ${1 + random.int(120)}, ${toPostal} ${toCity}`,
    from_postal_code: fromPostal,
    from_city: fromCity,
    to_postal_code: toPostal,
    to_city: toCity,
    description,
    details: random.pick(profile.details),
    preferred_pickup_date: pickup,
    preferred_delivery_date: pickup,
    time_frame_start: '08:00',
    time_frame_end: '16:00',
    is_flexible: random.int(3) === 0,
    contact_email: guest ? `gaest${random.int(100_000)}@example.dk` : null,
    contact_phone: null,
    images: [],
    assigned_carrier_id: assigned ? 1 + random.int(500) : null,
    lowest_bid_ore: lowestBidOre,
    bid_count: bidCount,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
