import type { ReactNode } from 'react';
import { palletTypeLabels, type PalletType, type TaskType } from '@fragtbud/contracts';
import { formatDanishNumber, formatLongDate, parseDanishNumber, RouteMap, taskTypeLabel, TaskTypeIcon } from '@fragtbud/web';
import { DIMENSION_PARTS, TASK_FIELD_GROUPS, type FieldDef } from '../model/task-fields';
import { contactPhoneOf, type DetailsInput, type DimensionsInput, type PalletLineInput, type TaskForm } from '../model/task-form';

export interface ConfirmStepProps {
  form: TaskForm;
  type: TaskType;
  /** Show the contact e-mail and phone (a guest, or an edit). */
  withContact: boolean;
  onEdit: () => void;
}

/** Every decimal the user typed is shown: the summary must not round what will be sent. */
const ALL_TYPED_DECIMALS = 10;

/** A typed number as the summary shows it, the Danish way: `12000` reads 12.000, `1250,75` and `1.250,75` read 1.250,75. */
const decimal = (value: string) => {
  const parsed = parseDanishNumber(value);
  return parsed === null ? value.trim() : formatDanishNumber(parsed, ALL_TYPED_DECIMALS);
};

function dimensionsText(value: DimensionsInput | undefined): string | null {
  if (!value) return null;
  const parts = DIMENSION_PARTS.map((part) => value[part.key]?.trim()).filter(Boolean) as string[];
  if (parts.length === 0) return null;
  return `${DIMENSION_PARTS.map((part) => (value[part.key]?.trim() ? decimal(value[part.key]) : '–')).join(' × ')} cm`;
}

function palletText(line: PalletLineInput): string {
  const label = palletTypeLabels[line.palletType as PalletType] ?? line.palletType;
  const measures = line.palletType === 'custom' ? dimensionsText(line.dimensions) : null;
  // 'Ingen palle' is no count of pallets: never '4 × Ingen palle'.
  if (line.palletType === 'none') return label;
  return `${line.quantity.trim() ? decimal(line.quantity) : '?'} × ${label}${measures ? ` (${measures})` : ''}`;
}

/** The value of one filled-in field as the summary shows it; null when it was left empty. */
function shownValue(field: FieldDef, values: DetailsInput): ReactNode | null {
  const value = values[field.key || 'dimensions'];
  switch (field.kind) {
    case 'select':
      return typeof value === 'string' && value ? (field.options.find((o) => o.value === value)?.label ?? value) : null;
    case 'number':
      return typeof value === 'string' && value.trim() ? `${decimal(value)}${field.unit ? ` ${field.unit}` : ''}` : null;
    case 'text':
      return typeof value === 'string' && value.trim() ? value.trim() : null;
    case 'checkbox':
      return value === true ? 'Ja' : null;
    case 'dimensions':
      return dimensionsText(value as DimensionsInput | undefined);
    case 'pallets': {
      const lines = ((value as PalletLineInput[] | undefined) ?? []).filter((line) => line.palletType || line.quantity);
      return lines.length ? (
        <ul className="ct-summary__lines">
          {lines.map((line, index) => (
            <li key={index}>{palletText(line)}</li>
          ))}
        </ul>
      ) : null;
    }
  }
}

function timeFrameText(start: string, end: string): string {
  if (start && end) return `${start}–${end}`;
  if (start) return `Fra kl. ${start}`;
  if (end) return `Senest kl. ${end}`;
  return 'Hele dagen';
}

function SummaryList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="ct-summary__list">
      {rows.map(([term, value]) => (
        <div key={term} className="ct-summary__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 3: what will be sent — route with a map preview, the schedule, the details — before the user confirms. */
export function ConfirmStep({ form, type, withContact, onEdit }: ConfirmStepProps) {
  const values = form.details[type] ?? {};
  const detailRows: Array<[string, ReactNode]> = [];
  for (const group of TASK_FIELD_GROUPS[type]) {
    for (const field of group.fields) {
      const shown = shownValue(field, values);
      if (shown !== null) detailRows.push([field.label, shown]);
    }
  }
  const from = form.from.address.trim();
  const to = form.to.address.trim();

  return (
    <div className="ct-step">
      <div className="ct-step__heading">
        <div>
          <h2 className="ct-step__title" tabIndex={-1}>Bekræft og send</h2>
          <p className="ct-step__lead">Se opgaven igennem, før den sendes ud til vognmændene.</p>
        </div>
        <button type="button" className="fb-button fb-button--ghost fb-button--small" onClick={onEdit}>
          Ret oplysninger
        </button>
      </div>

      <div className="ct-summary">
        <section className="ct-summary__card ct-summary__route" aria-labelledby="ct-route-title">
          <div className="ct-summary__type">
            <span className="ct-summary__type-icon">
              <TaskTypeIcon type={type} size={24} />
            </span>
            <span>{taskTypeLabel(type)}</span>
          </div>
          <h3 id="ct-route-title" className="ct-summary__title">
            Rute
          </h3>
          <p className="ct-summary__route-text">
            <span>{from}</span>
            <span className="ct-summary__arrow" aria-label="til">
              →
            </span>
            <span>{to}</span>
          </p>
          <RouteMap from={from} to={to} />
        </section>

        <section className="ct-summary__card" aria-labelledby="ct-schedule-title">
          <h3 id="ct-schedule-title" className="ct-summary__title">
            Tidsplan
          </h3>
          <SummaryList
            rows={[
              ['Ønsket afhentning', form.preferredPickupDate ? formatLongDate(form.preferredPickupDate) : 'Ingen ønsket dato'],
              ['Ønsket levering', form.preferredDeliveryDate ? formatLongDate(form.preferredDeliveryDate) : 'Ingen ønsket dato'],
              ['Tidsrum', timeFrameText(form.timeFrameStart, form.timeFrameEnd)],
              ['Fleksibel afhentning', form.isFlexible ? 'Ja' : 'Nej'],
            ]}
          />
        </section>

        {detailRows.length > 0 && (
          <section className="ct-summary__card" aria-labelledby="ct-details-title">
            <h3 id="ct-details-title" className="ct-summary__title">
              Detaljer
            </h3>
            <SummaryList rows={detailRows} />
          </section>
        )}

        {(form.description.trim() || form.images.length > 0) && (
          <section className="ct-summary__card" aria-labelledby="ct-description-title">
            <h3 id="ct-description-title" className="ct-summary__title">
              Beskrivelse og billeder
            </h3>
            {form.description.trim() && <p className="ct-summary__description">{form.description.trim()}</p>}
            {form.images.length > 0 && (
              <ul className="ct-summary__photos" aria-label="Billeder">
                {form.images.map((url, index) => (
                  <li key={`${url}-${index}`}>
                    <img src={url} alt={`Billede ${index + 1}`} loading="lazy" />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {withContact && (
          <section className="ct-summary__card" aria-labelledby="ct-contact-title">
            <h3 id="ct-contact-title" className="ct-summary__title">
              Kontakt
            </h3>
            <SummaryList
              rows={[
                ['E-mail', form.contactEmail.trim() || 'Ikke angivet'],
                ['Telefon', contactPhoneOf(form).trim() || 'Ikke angivet'],
              ]}
            />
          </section>
        )}
      </div>
    </div>
  );
}
