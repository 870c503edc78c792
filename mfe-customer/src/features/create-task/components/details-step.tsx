import { Link } from 'react-router-dom';
import { limits, messages, type TaskType } from '@fragtbud/contracts';
import { AddressField, Field, PhotoPicker, taskTypeLabel, type AddressValue } from '@fragtbud/web';
import { asksPhoneInDetails, isDescriptionRequired, type DetailInput, type FieldErrors, type TaskForm } from '../model/task-form';
import { CheckboxField, FieldLabel, FormSection, TextAreaField } from './form-controls';
import { TypeFields } from './type-fields';

export interface DetailsStepProps {
  form: TaskForm;
  type: TaskType;
  errors: FieldErrors;
  guest: boolean;
  /** Ask for the optional contact e-mail and phone: a guest, or an edit (the task's contact details). */
  withContact: boolean;
  /** Where "Log ind" returns to (this page). */
  loginPath: string;
  /** Changes top-level fields and forgets the errors of the keys given. */
  onChange: (changes: Partial<TaskForm>, clear: readonly string[]) => void;
  onDetailChange: (key: string, value: DetailInput) => void;
  onUploadingChange: (uploading: boolean) => void;
  onChangeType: () => void;
  /** The task is past acceptance (an admin's edit): its photos are shown but cannot change. */
  photosLocked?: boolean;
}

const ADDRESS_PLACEHOLDER = 'Gade, husnummer, postnummer og by';

/** Step 2: addresses, the type's own fields, description, schedule, photos and — for guests — contact details. */
export function DetailsStep({
  form,
  type,
  errors,
  guest,
  withContact,
  loginPath,
  onChange,
  onDetailChange,
  onUploadingChange,
  onChangeType,
  photosLocked = false,
}: DetailsStepProps) {
  const addressError = (end: 'from' | 'to') => errors[`${end}_address`] ?? errors[`${end}_postal_code`] ?? errors[`${end}_city`];
  const setAddress = (end: 'from' | 'to', value: AddressValue) =>
    onChange({ [end]: value }, [`${end}_address`, `${end}_postal_code`, `${end}_city`]);
  // The moving form has its own (required) phone field: the contact section does not ask again.
  const phoneAbove = asksPhoneInDetails(type);

  return (
    <div className="ct-step">
      <div className="ct-step__heading">
        <div>
          <h2 className="ct-step__title" tabIndex={-1}>{taskTypeLabel(type)}</h2>
          <p className="ct-step__lead">
            Felter markeret med <span className="ct-required">*</span> skal udfyldes.
          </p>
        </div>
        <button type="button" className="fb-button fb-button--ghost fb-button--small" onClick={onChangeType}>
          Skift opgavetype
        </button>
      </div>

      <FormSection title="Hvorfra og hvortil?">
        <div className="ct-grid ct-grid--addresses">
          <AddressField
            label={<FieldLabel text="Afhentningsadresse" required />}
            required
            name="from_address"
            placeholder={ADDRESS_PLACEHOLDER}
            value={form.from}
            onChange={(value) => setAddress('from', value)}
            error={addressError('from')}
          />
          <AddressField
            label={<FieldLabel text="Leveringsadresse" required />}
            required
            name="to_address"
            placeholder={ADDRESS_PLACEHOLDER}
            value={form.to}
            onChange={(value) => setAddress('to', value)}
            error={addressError('to')}
          />
        </div>
      </FormSection>

      <TypeFields type={type} values={form.details[type] ?? {}} onChange={onDetailChange} errors={errors} />

      <FormSection title="Beskrivelse">
        <TextAreaField
          label={<FieldLabel text="Beskrivelse af opgaven" required={isDescriptionRequired(type)} />}
          required={isDescriptionRequired(type)}
          rows={5}
          maxLength={5000}
          placeholder="Fortæl vognmændene om godset, adgangsforhold og andet, de bør vide."
          value={form.description}
          onChange={(event) => onChange({ description: event.target.value }, ['description'])}
          error={errors.description}
        />
      </FormSection>

      <FormSection title="Tidsplan" lead="Hvornår skal opgaven helst udføres?">
        <div className="ct-grid ct-grid--schedule">
          <Field
            label="Ønsket afhentningsdato"
            type="date"
            value={form.preferredPickupDate}
            onChange={(event) => onChange({ preferredPickupDate: event.target.value }, ['preferred_pickup_date', 'preferred_delivery_date'])}
            error={errors.preferred_pickup_date}
          />
          <Field
            label="Ønsket leveringsdato"
            type="date"
            min={form.preferredPickupDate || undefined}
            value={form.preferredDeliveryDate}
            onChange={(event) => onChange({ preferredDeliveryDate: event.target.value }, ['preferred_delivery_date'])}
            error={errors.preferred_delivery_date}
          />
          <Field
            label="Tidsrum fra"
            type="time"
            value={form.timeFrameStart}
            onChange={(event) => onChange({ timeFrameStart: event.target.value }, ['time_frame_start', 'time_frame_end'])}
            error={errors.time_frame_start}
          />
          <Field
            label="Tidsrum til"
            type="time"
            value={form.timeFrameEnd}
            onChange={(event) => onChange({ timeFrameEnd: event.target.value }, ['time_frame_end'])}
            error={errors.time_frame_end}
          />
        </div>
        <div className="ct-checks">
          <CheckboxField
            label="Fleksibel afhentning"
            hint="Vognmanden må gerne foreslå en anden dag."
            checked={form.isFlexible}
            onChange={(isFlexible) => onChange({ isFlexible }, ['is_flexible'])}
            error={errors.is_flexible}
          />
        </div>
      </FormSection>

      <FormSection title="Billeder" lead="Billeder hjælper vognmændene med at give en præcis pris.">
        <PhotoPicker
          label={`Vælg op til ${limits.initialTaskPhotos} billeder`}
          value={form.images}
          max={limits.initialTaskPhotos}
          onChange={(images) => onChange({ images }, ['images'])}
          onBusyChange={onUploadingChange}
          disabled={photosLocked}
          hint={photosLocked ? messages.taskImagesLocked : undefined}
        />
        {errors.images && <p className="fb-field__error">{errors.images}</p>}
      </FormSection>

      {withContact && (
        <FormSection title={guest ? 'Dine kontaktoplysninger' : 'Kontaktoplysninger'} className="ct-guest">
          {guest && (
            <p className="fb-form-note ct-guest__note">
              Du opretter opgaven som gæst. <Link to={loginPath}>Log ind</Link> for at bruge chat og betaling.
            </p>
          )}
          <p className="fb-field__hint ct-guest__hint">
            {guest
              ? phoneAbove
                ? 'Din e-mail skal udfyldes: vi sender dig linket til opgaven, hvor du følger buddene og betaler. Telefonnummeret er det, du har angivet ovenfor.'
                : 'Din e-mail skal udfyldes: vi sender dig linket til opgaven, hvor du følger buddene og betaler. Telefon er valgfri.'
              : phoneAbove
                ? 'E-mail er valgfri. Telefonnummeret er det, du har angivet ovenfor.'
                : 'Begge felter er valgfrie, men angiv mindst ét af dem, så vognmændene kan kontakte dig.'}
          </p>
          <div className="ct-grid">
            <Field
              label={guest ? <FieldLabel text="E-mail" required /> : 'E-mail (valgfri)'}
              required={guest}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.contactEmail}
              onChange={(event) => onChange({ contactEmail: event.target.value }, ['contact_email'])}
              error={errors.contact_email}
            />
            {!phoneAbove && (
              <Field
                label="Telefon (valgfri)"
                type="tel"
                autoComplete="tel"
                value={form.contactPhone}
                onChange={(event) => onChange({ contactPhone: event.target.value }, ['contact_phone'])}
                error={errors.contact_phone}
              />
            )}
          </div>
        </FormSection>
      )}
    </div>
  );
}
