import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { updateTaskBodySchema, type Task, type TaskType } from '@fragtbud/contracts';
import {
  AddressField,
  Button,
  Field,
  Modal,
  taskTypeLabel,
  fieldErrorsFromZod,
  fieldErrorsOf,
  useSessionDraft,
  type AddressFieldProps,
  type AddressValue,
} from '@fragtbud/web';
import { useUpdateTask } from '../api/update-task';
import { actionError } from './action-error';

export const EDIT_NOT_SAVED = 'Kunne ikke gemme ændringer.';

interface EditTaskModalProps {
  task: Task;
  open: boolean;
  onClose: () => void;
  onSaved: (task: Task) => void;
  /** For tests: where address suggestions come from. */
  suggest?: AddressFieldProps['suggest'];
  /** The signed-in user, whose draft of this task's edit is kept across a reload or a new login. */
  viewerId: number | null;
}

interface EditForm {
  type: TaskType;
  from: AddressValue;
  to: AddressValue;
  description: string;
  contactEmail: string;
  contactPhone: string;
}

type FieldName = 'type' | 'from_address' | 'to_address' | 'description' | 'contact_email' | 'contact_phone';

const formOf = (task: Task): EditForm => ({
  type: task.type,
  from: { address: task.from_address ?? '', postalCode: task.from_postal_code ?? undefined, city: task.from_city ?? undefined },
  to: { address: task.to_address ?? '', postalCode: task.to_postal_code ?? undefined, city: task.to_city ?? undefined },
  description: task.description,
  contactEmail: task.contact_email ?? '',
  contactPhone: task.contact_phone ?? '',
});

export const editTaskDraftKey = (taskId: number, viewerId: number | null) => `fragtbud:task-edit-draft:${viewerId ?? 0}:${taskId}`;

const isAddress = (value: unknown): value is AddressValue =>
  typeof value === 'object' && value !== null && typeof (value as AddressValue).address === 'string';

/** The task's values with a draft's typed text over them; a draft that is not the form's shape is ignored. */
function withDraft(stored: EditForm, draftText: string): EditForm {
  if (!draftText) return stored;
  try {
    const draft = JSON.parse(draftText) as Partial<Record<keyof EditForm, unknown>>;
    const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
    return {
      type: stored.type,
      from: isAddress(draft.from) ? draft.from : stored.from,
      to: isAddress(draft.to) ? draft.to : stored.to,
      description: text(draft.description, stored.description),
      contactEmail: text(draft.contactEmail, stored.contactEmail),
      contactPhone: text(draft.contactPhone, stored.contactPhone),
    };
  } catch {
    return stored;
  }
}

function bodyOf(form: EditForm) {
  return {
    type: form.type,
    from_address: form.from.address,
    from_postal_code: form.from.postalCode ?? null,
    from_city: form.from.city ?? null,
    to_address: form.to.address,
    to_postal_code: form.to.postalCode ?? null,
    to_city: form.to.city ?? null,
    description: form.description,
    contact_email: form.contactEmail,
    contact_phone: form.contactPhone,
  };
}

/**
 * The edit-task modal of spec section 2: type, both addresses, description and the optional contact details. The type
 * is shown with a link to the wizard (`/create-task?edit=`): a new type needs its own fields, which only the wizard has.
 */
export function EditTaskModal({ task, open, onClose, onSaved, suggest, viewerId }: EditTaskModalProps) {
  const descriptionId = useId();
  // What was typed lives in sessionStorage until it is saved or cancelled, so a reload or a session that ran out
  // (the page asks to log in again) does not lose it.
  const [draftText, setDraftText, clearDraft] = useSessionDraft(editTaskDraftKey(task.id, viewerId));
  const form = withDraft(formOf(task), draftText);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useUpdateTask();
  const { reset } = save;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    reset();
  }, [open, reset]);

  const set = <K extends keyof EditForm>(name: K, value: EditForm[K]) => setDraftText(JSON.stringify({ ...form, [name]: value }));
  const cancel = () => {
    clearDraft();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(form);
    const parsed = updateTaskBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: task.id, body: parsed.data },
      {
        onSuccess: (updated) => {
          clearDraft();
          onSaved(updated);
          onClose();
        },
      },
    );
  };

  const serverErrors = fieldErrorsOf(save.error) as Partial<Record<FieldName, string>>;
  const errorOf = (name: FieldName) => errors[name] ?? serverErrors[name];
  const failure = save.error ? actionError(save.error, EDIT_NOT_SAVED) : null;
  const formId = `${descriptionId}-form`;

  return (
    <Modal
      open={open}
      title={`Rediger opgave #${task.id}`}
      onClose={cancel}
      footer={
        <>
          <Button variant="ghost" onClick={cancel} disabled={save.isPending}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Gem ændringer
          </Button>
        </>
      }
    >
      <form id={formId} className="fb-stack" onSubmit={submit} noValidate>
        {/* The type is changed in the wizard, which has each type's own fields (boligstørrelse …); here it is shown only. */}
        <div className="fb-field">
          <span className="fb-field__label">Opgavetype</span>
          <p className="fb-row">
            <strong>{taskTypeLabel(task.type)}</strong>
            <Link to={`/create-task?edit=${task.id}`}>Skift opgavetype</Link>
          </p>
          {errorOf('type') && (
            <p className="fb-field__error" role="alert">
              {errorOf('type')}
            </p>
          )}
        </div>
        <AddressField
          label="Afhentningsadresse"
          value={form.from}
          required
          error={errorOf('from_address')}
          onChange={(value) => set('from', value)}
          suggest={suggest}
        />
        <AddressField
          label="Leveringsadresse"
          value={form.to}
          required
          error={errorOf('to_address')}
          onChange={(value) => set('to', value)}
          suggest={suggest}
        />
        <div className={errorOf('description') ? 'fb-field fb-field--invalid' : 'fb-field'}>
          <label className="fb-field__label" htmlFor={descriptionId}>
            Beskrivelse
          </label>
          <textarea
            id={descriptionId}
            className="fb-input task-textarea"
            rows={4}
            maxLength={5000}
            value={form.description}
            aria-invalid={errorOf('description') ? true : undefined}
            aria-describedby={errorOf('description') ? `${descriptionId}-error` : undefined}
            onChange={(event) => set('description', event.target.value)}
          />
          {errorOf('description') && (
            <p className="fb-field__error" id={`${descriptionId}-error`}>
              {errorOf('description')}
            </p>
          )}
        </div>
        <div className="form-grid">
          <Field
            label="Kontakt-e-mail"
            hint="Valgfri"
            type="email"
            autoComplete="email"
            value={form.contactEmail}
            error={errorOf('contact_email')}
            onChange={(event) => set('contactEmail', event.target.value)}
          />
          <Field
            label="Kontakttelefon"
            hint="Valgfri"
            type="tel"
            autoComplete="tel"
            value={form.contactPhone}
            error={errorOf('contact_phone')}
            onChange={(event) => set('contactPhone', event.target.value)}
          />
        </div>
        {failure && (
          <div className="fb-form-error" role="alert">
            {failure.message}
            {failure.reason && <span className="task-error-reason">{failure.reason}</span>}
          </div>
        )}
      </form>
    </Modal>
  );
}
