import type { PalletType } from '@fragtbud/contracts';
import { Button, Field, SelectField } from '@fragtbud/web';
import { palletTypeOptions } from '../model/task-fields';
import { emptyDimensions, emptyPalletLine, type FieldErrors, type PalletLineInput } from '../model/task-form';
import { DimensionsInput } from './dimensions-input';
import { FieldLabel } from './form-controls';

export interface PalletLinesProps {
  lines: PalletLineInput[];
  onChange: (lines: PalletLineInput[]) => void;
  palletTypes: readonly PalletType[];
  /** Errors of this list, keyed by the rest of their path: '0.quantity', '1.dimensions.length'. */
  errors: FieldErrors;
}

/** Pallets of a package or fullload task: one line per pallet type with how many, and measures for 'Andet mål'. */
export function PalletLines({ lines, onChange, palletTypes, errors }: PalletLinesProps) {
  const update = (index: number, line: PalletLineInput) => onChange(lines.map((current, i) => (i === index ? line : current)));
  const options = palletTypeOptions(palletTypes);

  return (
    <div className="ct-pallets">
      {lines.length === 0 && <p className="fb-muted ct-pallets__empty">Ingen paller tilføjet.</p>}
      <ol className="ct-pallets__list">
        {lines.map((line, index) => (
          <li key={index} className="ct-pallets__line" aria-label={`Pallelinje ${index + 1}`}>
            <div className="ct-pallets__fields">
              <SelectField
                label={<FieldLabel text="Palletype" required />}
                value={line.palletType}
                // 'Ingen palle' has no count: switching to it drops what was typed in 'Antal'.
                onChange={(event) =>
                  update(index, { ...line, palletType: event.target.value, ...(event.target.value === 'none' ? { quantity: '' } : {}) })
                }
                error={errors[`${index}.palletType`]}
              >
                <option value="">Vælg palletype</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              {line.palletType !== 'none' && (
                <Field
                  label={<FieldLabel text="Antal" required />}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={line.quantity}
                  onChange={(event) => update(index, { ...line, quantity: event.target.value })}
                  error={errors[`${index}.quantity`]}
                />
              )}
              <Button variant="ghost" size="small" className="ct-pallets__remove" onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                Fjern pallelinje {index + 1}
              </Button>
            </div>
            {line.palletType === 'custom' && (
              <DimensionsInput
                label="Pallemål"
                value={line.dimensions ?? emptyDimensions()}
                onChange={(dimensions) => update(index, { ...line, dimensions })}
                errors={{
                  length: errors[`${index}.dimensions.length`],
                  width: errors[`${index}.dimensions.width`],
                  height: errors[`${index}.dimensions.height`],
                }}
              />
            )}
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="small" onClick={() => onChange([...lines, emptyPalletLine()])}>
        + Tilføj palle
      </Button>
    </div>
  );
}
