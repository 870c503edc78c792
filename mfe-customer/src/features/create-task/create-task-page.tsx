import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isTaskEditable, taskIdSchema, type TaskType } from '@fragtbud/contracts';
import { Button, isApiError, isTaskType, loginPathFor, PageHeader, Spinner, taskCreatedPathFor, useSession, withFlash } from '@fragtbud/web';
import { useCreateTask } from './api/create-task';
import { useTaskToEdit } from './api/get-task';
import { useUpdateTask } from './api/update-task';
import { ConfirmStep } from './components/confirm-step';
import { DetailsStep } from './components/details-step';
import { StepIndicator, type WizardStep } from './components/step-indicator';
import { TypeStep } from './components/type-step';
import { serverFieldErrors, SUBMIT_MESSAGES, submitFailureMessage } from './model/submit-errors';
import { emptyTaskForm, stepOfErrors, taskToForm, validateTaskForm, type DetailInput, type FieldErrors, type TaskForm } from './model/task-form';
import './create-task.css';

/**
 * /create-task and /tasks/create (spec section 2): `type` preselects a type and opens its form, `guest=1` lets a
 * visitor create a task, `edit={taskId}` edits one. A carrier never belongs here (the shell redirects too), and a
 * visitor without `guest=1` signs in first.
 */
export function CreateTaskPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const loadSession = useSession((state) => state.loadSession);

  useEffect(() => {
    if (status === 'idle') void loadSession();
  }, [status, loadSession]);

  const editParam = params.get('edit');
  const loginPath = loginPathFor(`${location.pathname}${location.search}`);

  if (!user && status !== 'ready') {
    return (
      <div className="create-task create-task--loading">
        <Spinner label="Indlæser…" />
      </div>
    );
  }
  if (user?.role === 'carrier') return <Navigate to="/BrowseTasks" replace />;
  const guest = !user && params.get('guest') === '1' && editParam === null;
  if (!user && !guest) return <Navigate to={loginPath} replace />;

  return <TaskWizard key={editParam ?? 'new'} editParam={editParam} guest={guest} loginPath={loginPath} />;
}

interface TaskWizardProps {
  /** The raw `edit` query value, or null when creating. */
  editParam: string | null;
  guest: boolean;
  loginPath: string;
}

function parseTaskId(raw: string): number | null {
  const parsed = taskIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Error keys a change makes stale: the key itself and everything under it. */
function without(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  if (!keys.some((key) => Object.keys(errors).some((existing) => existing === key || existing.startsWith(`${key}.`)))) return errors;
  const next: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (!keys.some((stale) => key === stale || key.startsWith(`${stale}.`))) next[key] = message;
  }
  return next;
}

function TaskWizard({ editParam, guest, loginPath }: TaskWizardProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const urlType = params.get('type');
  const editing = editParam !== null;
  const editId = editing ? parseTaskId(editParam) : null;
  const withContact = guest || editing;

  const [form, setForm] = useState<TaskForm>(() => emptyTaskForm(!editing && isTaskType(urlType) ? urlType : null));
  const [step, setStep] = useState<WizardStep>(() => (!editing && isTaskType(urlType) ? 2 : 1));
  const [loading, setLoading] = useState(editing);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreateTask();
  const update = useUpdateTask();
  const [submitting, setSubmitting] = useState(false);
  const toEdit = useTaskToEdit(editId);
  const cardRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useRef<'heading' | 'error' | null>(null);

  // Edit: load the task and prefill, unless it can no longer be edited (spec sections 2 and 4).
  useEffect(() => {
    if (!editing) return;
    if (editId === null) {
      navigate('/browse-tasks', { replace: true, state: withFlash('error', SUBMIT_MESSAGES.loadForEditFailed) });
      return;
    }
    if (!loading) return; // prefilled once; a later refetch of the task must not overwrite what is being typed
    const task = toEdit.data;
    if (toEdit.error || (task && task.view !== 'full')) {
      navigate('/browse-tasks', { replace: true, state: withFlash('error', SUBMIT_MESSAGES.loadForEditFailed) });
      return;
    }
    if (!task) return;
    if (!isTaskEditable(task.status)) {
      navigate(`/task/${editId}`, { replace: true, state: withFlash('error', SUBMIT_MESSAGES.noLongerEditable) });
      return;
    }
    setForm(taskToForm(task));
    setStep(2);
    setLoading(false);
  }, [editing, editId, navigate, loading, toEdit.data, toEdit.error]);

  // A new ?type= (e.g. a type card on the home page while this page is open) opens that type's form.
  const previousUrlType = useRef(urlType);
  useEffect(() => {
    if (editing || previousUrlType.current === urlType) return;
    previousUrlType.current = urlType;
    if (isTaskType(urlType)) {
      setForm((current) => (current.type === urlType ? current : { ...current, type: urlType }));
      setStep((current) => (current === 1 ? 2 : current));
    } else {
      setStep(1);
    }
  }, [editing, urlType]);

  // After a step change or a refused step, move focus where the user needs it (and the page scrolls with it).
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    const card = cardRef.current;
    if (!target || !card) return;
    const element =
      target === 'error'
        ? (card.querySelector<HTMLElement>('[aria-invalid="true"]') ?? card.querySelector<HTMLElement>('[role="alert"]'))
        : card.querySelector<HTMLElement>('h2');
    element?.focus();
  });

  function goTo(next: WizardStep) {
    setStep(next);
    setBanner(null);
    focusAfterRender.current = 'heading';
  }

  function showErrors(found: FieldErrors, message: string) {
    setErrors(found);
    setBanner(message);
    setStep(stepOfErrors(found));
    focusAfterRender.current = 'error';
  }

  function selectType(type: TaskType) {
    setForm((current) => ({ ...current, type }));
    setErrors((current) => without(current, ['type', 'details', 'description']));
    previousUrlType.current = type;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('type', type);
        return next;
      },
      { replace: true },
    );
    goTo(2);
  }

  function change(changes: Partial<TaskForm>, clear: readonly string[]) {
    setForm((current) => ({ ...current, ...changes }));
    setErrors((current) => without(current, clear));
  }

  function changeDetail(key: string, value: DetailInput) {
    const type = form.type;
    if (!type) return;
    setForm((current) => ({ ...current, details: { ...current.details, [type]: { ...(current.details[type] ?? {}), [key]: value } } }));
    // Courier's length/width/height live directly in details but are edited together as `dimensions`.
    setErrors((current) => without(current, key === 'dimensions' ? ['details.dimensions', 'details.length', 'details.width', 'details.height'] : [`details.${key}`]));
  }

  function toConfirm() {
    const checked = validateTaskForm(form, { withContact });
    if (!checked.ok) {
      showErrors(checked.errors, SUBMIT_MESSAGES.fixTheForm);
      return;
    }
    setErrors({});
    goTo(3);
  }

  async function send() {
    const checked = validateTaskForm(form, { withContact });
    if (!checked.ok) {
      showErrors(checked.errors, SUBMIT_MESSAGES.fixTheForm);
      return;
    }
    setSubmitting(true);
    setBanner(null);
    try {
      if (editId !== null) await update.mutateAsync({ taskId: editId, body: checked.body });
      else if (guest) return void navigate(taskCreatedPathFor(await create.mutateAsync(checked.body)), { replace: true });
      else await create.mutateAsync(checked.body);
      navigate('/browse-tasks', { state: withFlash('success', editing ? 'Ændringerne er gemt.' : 'Opgaven er oprettet.') });
    } catch (error) {
      if (editId !== null && isApiError(error) && error.status === 409) {
        navigate(`/task/${editId}`, { replace: true, state: withFlash('error', SUBMIT_MESSAGES.noLongerEditable) });
        return;
      }
      const named = serverFieldErrors(error, form);
      const hasFields = Object.keys(named).length > 0;
      const message = submitFailureMessage(error, editing ? SUBMIT_MESSAGES.saveFailed : SUBMIT_MESSAGES.createFailed, hasFields);
      if (hasFields) showErrors(named, message);
      else {
        setBanner(message);
        focusAfterRender.current = 'error';
      }
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading || submitting) return;
    if (step === 2) toConfirm();
    else if (step === 3) void send();
  }

  const type = form.type;
  const title = editing ? (editId !== null ? `Rediger opgave #${editId}` : 'Rediger opgave') : 'Opret en ny transportopgave';

  return (
    <section className="create-task fb-container" aria-label={title}>
      <PageHeader
        title={title}
        lead={editing ? 'Ret oplysningerne, og gem ændringerne.' : 'Beskriv din opgave, og modtag tilbud fra professionelle vognmænd.'}
      />
      {loading ? (
        <div className="fb-card ct-card ct-card--loading">
          <Spinner label="Henter opgaven…" />
        </div>
      ) : (
        <>
          <StepIndicator current={step} reachable={step} onGoTo={goTo} />
          <form ref={cardRef} className="fb-card ct-card" noValidate onSubmit={onSubmit}>
            {banner && (
              <p className="fb-form-error ct-banner" role="alert" tabIndex={-1}>
                {banner}
              </p>
            )}
            {step === 1 || !type ? (
              <TypeStep selected={type} onSelect={selectType} error={errors.type} />
            ) : step === 2 ? (
              <DetailsStep
                form={form}
                type={type}
                errors={errors}
                guest={guest}
                withContact={withContact}
                loginPath={loginPath}
                onChange={change}
                onDetailChange={changeDetail}
                onUploadingChange={setUploading}
                onChangeType={() => goTo(1)}
              />
            ) : (
              <ConfirmStep form={form} type={type} withContact={withContact} onEdit={() => goTo(2)} />
            )}

            <div className="ct-actions">
              {step === 1 && type && (
                <Button variant="primary" size="large" onClick={() => goTo(2)}>
                  Fortsæt
                </Button>
              )}
              {step === 2 && (
                <>
                  <Button variant="secondary" onClick={() => goTo(1)}>
                    Tilbage
                  </Button>
                  <div className="ct-actions__main">
                    {uploading && <span className="ct-actions__note">Vent, til billederne er uploadet…</span>}
                    <Button type="submit" size="large" disabled={uploading}>
                      Fortsæt
                    </Button>
                  </div>
                </>
              )}
              {step === 3 && (
                <>
                  <Button variant="secondary" onClick={() => goTo(2)} disabled={submitting}>
                    Tilbage
                  </Button>
                  <Button type="submit" size="large" loading={submitting}>
                    {editing ? 'Gem ændringer' : 'Opret opgave'}
                  </Button>
                </>
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}
