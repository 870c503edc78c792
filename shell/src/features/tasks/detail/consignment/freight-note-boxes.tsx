import { freightGoodsTypeLabels, type FreightCarrier, type FreightGoods, type FreightNote, type FreightParty, type FreightPartyGroup } from '@fragtbud/contracts';

export type FreightBoxKey = FreightPartyGroup | 'carrier' | 'goods';

/** The seven numbered boxes of the note, in the order of a paper consignment note (spec section 2). */
export const FREIGHT_BOXES: readonly { number: number; key: FreightBoxKey; title: string }[] = [
  { number: 1, key: 'sender', title: 'Afsender' },
  { number: 2, key: 'pickup', title: 'Afhentningssted' },
  { number: 3, key: 'recipient', title: 'Modtager' },
  { number: 4, key: 'delivery', title: 'Leveringssted' },
  { number: 5, key: 'bill_to', title: 'Betaler' },
  { number: 6, key: 'carrier', title: 'Fragtfører' },
  { number: 7, key: 'goods', title: 'Gods' },
];

export const goodsTypeLabel = (type: string | null) => (type ? (freightGoodsTypeLabels[type] ?? type) : null);

const numberText = (value: number | null, unit = '') =>
  value === null ? null : `${value.toLocaleString('da-DK', { maximumFractionDigits: 3 })}${unit}`;

type Row = [label: string, value: string | null];

/**
 * The address lines of a party: street and number, postal code and city, country; else its one-line address. The
 * default country alone ('Danmark') is no address: then the row is left out.
 */
function addressLines(party: FreightParty): string | null {
  const street = [party.street, party.houseNo].filter(Boolean).join(' ');
  const place = [party.postalCode, party.city].filter(Boolean).join(' ');
  if (street === '' && place === '') return party.address || null;
  return [street, place, party.country ?? ''].filter((line) => line !== '').join('\n');
}

function partyRows(party: FreightParty): Row[] {
  return [
    ['Navn', party.name],
    ['Firma', party.company],
    ['CVR-nummer', party.cvr],
    ['Adresse', addressLines(party)],
    ['E-mail', party.email],
    ['Telefon', party.phone],
  ];
}

function carrierRows(carrier: FreightCarrier): Row[] {
  return [
    ['Navn', carrier.name],
    ['Firma', carrier.company],
    ['CVR-nummer', carrier.cvr],
    ['Adresse', carrier.address],
    ['E-mail', carrier.email],
    ['Telefon', carrier.phone],
  ];
}

function goodsRows(goods: FreightGoods): Row[] {
  return [
    ['Beskrivelse', goods.description],
    ['Antal kolli', numberText(goods.packages)],
    ['Vægt', numberText(goods.weightKg, ' kg')],
    ['Volumen', numberText(goods.volumeM3, ' m³')],
    ['Godstype', goodsTypeLabel(goods.type)],
  ];
}

export function boxRows(note: FreightNote, key: FreightBoxKey): Row[] {
  if (key === 'carrier') return carrierRows(note.carrier);
  if (key === 'goods') return goodsRows(note.goods);
  return partyRows(note[key]);
}

/** Read-only: the seven boxes as labelled regions with the values the server sent (a limited view's texts as is). */
export function FreightNoteBoxes({ note }: { note: FreightNote }) {
  return (
    <div className="consignment-boxes">
      {FREIGHT_BOXES.map(({ number, key, title }) => {
        const rows = boxRows(note, key).filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
        const headingId = `consignment-box-${key}`;
        return (
          <section key={key} className={`consignment-box consignment-box--${key}`} aria-labelledby={headingId}>
            <h3 id={headingId} className="consignment-box__title">
              <span className="consignment-box__number" aria-hidden="true">
                {number}
              </span>
              <span className="fb-visually-hidden">{number}.</span> {title}
            </h3>
            {rows.length ? (
              <dl className="consignment-box__rows">
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="fb-muted">Ikke udfyldt</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
