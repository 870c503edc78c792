import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors as FormErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate, useSearchParams, type NavigateFunction } from 'react-router-dom';
import { isTaskEditable, taskIdSchema, type CreateTaskBody, type Task, type TaskType } from '@fragtbud/contracts';
import { Button, isApiError, isTaskType, loginPathFor, PageHeader, Spinner, useSession, taskCreatedPathFor, useSubmitKey, withFlash } from '@fragtbud/web';
import { useCreateTask } from './api/create-task';
import { useTaskToEdit } from './api/get-task';
import { useUpdateTask } from './api/update-task';
import { ConfirmStep } from './components/confirm-step';
import { DetailsStep } from './components/details-step';
import { StepIndicator, type WizardStep } from './components/step-indicator';
import { TypeStep } from './components/type-step';
import { clearDraft, loadDraft, saveDraft } from './model/draft';
import { serverFieldErrors, SUBMIT_MESSAGES, submitFailureMessage } from './model/submit-errors';
import {
  emptyTaskForm,
  stepOfErrors,
  taskFormSchema,
  taskToForm,
  validateTaskForm,
  type DetailInput,
  type FieldErrors,
  type FormOptions,
  type TaskForm,
} from './model/task-form';
import './create-task.css';

/**
 * /create-task and /tasks/create (spec section 2): `type` preselects a type and opens its form, `guest=1` lets a
 * visitor create a task, `edit={taskId}` edits one, `step` is the wizard's step (so Back and Forward move between
 * steps). A carrier never belongs here (the shell redirects too), and a visitor without `guest=1` signs in first. A
 * signed-in user whose session ran out meanwhile stays here with the draft and is asked to sign in again.
 */
export function CreateTaskPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const expired = useSession((state) => state.expired);
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
  // A session lost in the middle of the wizard never turns the user into a guest.
  const guest = !user && !expired && params.get('guest') === '1' && editParam === null;
  if (!user && !guest && !expired) return <Navigate to={loginPath} replace />;

  return (
    <TaskWizard
      key={editParam ?? 'new'}
      editParam={editParam}
      guest={guest}
      loginPath={loginPath}
      userId={user?.id ?? null}
      admin={user?.role === 'admin'}
    />
  );
}

/**
 * Where the wizard goes once a new task is stored. Kept apart so the guest's confirmation page can take over here.
 */
function afterCreated(navigate: NavigateFunction, task: Task, guest: boolean): void {
  // A guest sees the confirmation with the task number and the mailed link; a customer the list with a notice.
  // The e-mail rides in the router state (not the address bar), so 'Opret konto' there can fill it in.
  if (guest) navigate(taskCreatedPathFor(task), { replace: true, state: { email: task.contact_email } });
  else navigate('/browse-tasks', { state: withFlash('success', 'Opgaven er oprettet.') });
}

interface TaskWizardProps {
  /** The raw `edit` query value, or null when creating. */
  editParam: string | null;
  guest: boolean;
  loginPath: string;
  /** The signed-in user's id, or null (a guest, or a session that ran out). */
  userId: number | null;
  /** An admin may edit a task in any status (API.md PUT /tasks/{id}); its photos only while the owner could. */
  admin: boolean;
}

function parseTaskId(raw: string): number | null {
  const parsed = taskIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** react-hook-form's error tree (keyed by the body's paths) as one message per path: 'details.pallets.0.quantity'. */
function flatErrors(tree: FormErrors | Record<string, unknown> | undefined, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(tree ?? {})) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = `${prefix}${key}`;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out[path] = message;
    Object.assign(out, flatErrors(value as Record<string, unknown>, `${path}.`));
  }
  return out;
}

/** Error paths are the body's, not the form's: react-hook-form keeps them in its error tree all the same. */
const errorPath = (key: string) => key as FieldPath<TaskForm>;

function stepFromUrl(value: string | null, fallback: WizardStep): WizardStep {
  return value === '1' ? 1 : value === '2' ? 2 : value === '3' ? 3 : fallback;
}

function TaskWizard({ editParam, guest, loginPath, userId, admin }: TaskWizardProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const urlType = params.get('type');
  const editing = editParam !== null;
  const editId = editing ? parseTaskId(editParam) : null;
  const withContact = guest || editing;

  // Who opened the wizard: a signed-in user's submit must never become a guest's (issue 13 item 6), and the draft
  // stays theirs even while the session is gone.
  const [startedAs] = useState(() => ({ signedIn: !guest, ownerId: userId }));
  const [draft] = useState(() => (editing && editId === null ? null : loadDraft(userId, editId)));
  const submitKey = useSubmitKey(draft?.submitKey);

  const [initialForm] = useState<TaskForm>(() => {
    const start = { ...emptyTaskForm(), ...draft?.form };
    return !editing && isTaskType(urlType) ? { ...start, type: urlType } : start;
  });
  const [keptPickupDate, setKeptPickupDate] = useState<string | undefined>();
  const options: FormOptions = { withContact, guest, keptPickupDate };
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const { watch, setValue, getValues, reset, handleSubmit, setError, clearErrors, formState } = useForm<TaskForm, unknown, CreateTaskBody>({
    defaultValues: initialForm,
    // The options change once an edit has loaded its task; the resolver reads them when it runs.
    resolver: (values, context, resolverOptions) => zodResolver(taskFormSchema(optionsRef.current))(values, context, resolverOptions),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const form = watch();
  const errors = flatErrors(formState.errors);

  const [loading, setLoading] = useState(editing);
  /** An admin editing a task past acceptance: everything but the photos may change (the server refuses those). */
  const [photosLocked, setPhotosLocked] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [sessionLost, setSessionLost] = useState(false);
  const [uploading, setUploading] = useState(false);
  const create = useCreateTask();
  const update = useUpdateTask();
  const inFlight = useRef(false);
  const toEdit = useTaskToEdit(editId);
  const cardRef = useRef<HTMLFormElement>(null);
  /** Where focus goes after the next render: the step's heading, the first invalid field (once shown), the banner. */
  const focusAfterRender = useRef<'heading' | 'field' | 'error' | null>(null);

  // The draft follows every change (an edit's once its task has filled the form); a changed form is a new submit
  // with a new Idempotency-Key.
  useEffect(() => {
    if (editing && loading) return;
    const subscription = watch((values) => {
      submitKey.renew();
      saveDraft({ form: values as TaskForm, ownerId: startedAs.ownerId }, editId);
    });
    return () => subscription.unsubscribe();
  }, [editing, loading, editId, watch, submitKey, startedAs]);

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
    if (!admin && !isTaskEditable(task.status)) {
      navigate(`/task/${editId}`, { replace: true, state: withFlash('error', SUBMIT_MESSAGES.noLongerEditable) });
      return;
    }
    const prefilled = taskToForm(task);
    // What was typed before a reload or a lost session wins over the stored task.
    reset(draft ? { ...prefilled, ...draft.form } : prefilled);
    setKeptPickupDate(prefilled.preferredPickupDate || undefined);
    setPhotosLocked(!isTaskEditable(task.status));
    setLoading(false);
  }, [editing, editId, navigate, loading, toEdit.data, toEdit.error, reset, draft, admin]);

  // A new ?type= (e.g. a type card on the home page while this page is open) opens that type's form.
  const previousUrlType = useRef(urlType);
  useEffect(() => {
    if (editing || previousUrlType.current === urlType) return;
    previousUrlType.current = urlType;
    if (isTaskType(urlType) && getValues('type') !== urlType) setValue('type', urlType);
  }, [editing, urlType, getValues, setValue]);

  // The step is in the URL; one that cannot be shown yet (no type; step 3 with errors) shows the one before it.
  const type = form.type;
  const requested = stepFromUrl(params.get('step'), editing || isTaskType(urlType) ? 2 : 1);
  let step: WizardStep = type ? requested : 1;
  if (step === 3 && !formState.isSubmitting && !validateTaskForm(form, options).ok) step = 2;

  // After a step change or a refused step, move focus where the user needs it (and the page scrolls with it).
  const errorCount = Object.keys(errors).length;
  // A layout effect: the focus moves in the same commit that shows the step or the errors.
  useLayoutEffect(() => {
    const target = focusAfterRender.current;
    const card = cardRef.current;
    if (!target || !card) return;
    // Field errors reach the form state, and the step showing them the URL, a render after the banner: wait for both.
    if (target === 'field' && (errorCount === 0 || step !== stepOfErrors(errors))) return;
    focusAfterRender.current = null;
    const element =
      target === 'heading'
        ? card.querySelector<HTMLElement>('h2')
        : (card.querySelector<HTMLElement>('[aria-invalid="true"]') ?? card.querySelector<HTMLElement>('[role="alert"]'));
    element?.focus();
  });

  /** Opens a step: a new history entry, so the browser's Back returns to the step before. */
  function goTo(next: WizardStep, { replace = false }: { replace?: boolean } = {}) {
    setBanner(null);
    setSessionLost(false);
    focusAfterRender.current = 'heading';
    if (next === step) return;
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        const chosen = getValues('type');
        if (chosen && !editing) url.set('type', chosen);
        url.delete('step');
        url.set('step', String(next));
        return url;
      },
      { replace },
    );
  }

  function showErrors(found: FieldErrors, message: string) {
    for (const [key, text] of Object.entries(found)) setError(errorPath(key), { type: 'server', message: text });
    goTo(stepOfErrors(found), { replace: true });
    setBanner(message);
    focusAfterRender.current = Object.keys(found).length > 0 ? 'field' : 'error';
  }

  function selectType(chosen: TaskType) {
    setValue('type', chosen);
    clearErrors(['type', 'details', 'description']);
    previousUrlType.current = chosen;
    goTo(2);
  }

  function change(changes: Partial<TaskForm>, clear: readonly string[]) {
    for (const [key, value] of Object.entries(changes)) setValue(key as keyof TaskForm, value as never, { shouldDirty: true });
    clearErrors(clear.map(errorPath));
  }

  function changeDetail(key: string, value: DetailInput) {
    const current = getValues('type');
    if (!current) return;
    setValue(`details.${current}.${key}` as FieldPath<TaskForm>, value as never, { shouldDirty: true });
    // Courier's length/width/height live directly in details but are edited together as `dimensions`.
    clearErrors((key === 'dimensions' ? ['details.dimensions', 'details.length', 'details.width', 'details.height'] : [`details.${key}`]).map(errorPath));
  }

  async function send(body: CreateTaskBody) {
    if (inFlight.current) return; // a double click while the first is on its way
    inFlight.current = true;
    setBanner(null);
    setSessionLost(false);
    try {
      if (editId !== null) {
        await update.mutateAsync({ taskId: editId, body });
        clearDraft(editId);
        navigate('/browse-tasks', { state: withFlash('success', 'Ændringerne er gemt.') });
        return;
      }
      const idempotencyKey = submitKey.current();
      saveDraft({ form: getValues(), ownerId: startedAs.ownerId, submitKey: idempotencyKey });
      const task = await create.mutateAsync({ body, idempotencyKey, signedIn: startedAs.signedIn });
      clearDraft();
      afterCreated(navigate, task, guest);
    } catch (error) {
      if (editId !== null && isApiError(error) && error.status === 409 && error.code !== 'task_images_locked') {
        clearDraft(editId);
        navigate(`/task/${editId}`, { replace: true, state: withFlash('error', SUBMIT_MESSAGES.noLongerEditable) });
        return;
      }
      if (isApiError(error) && error.status === 401) {
        // The session is gone (signed out in another tab): nothing was stored; the draft waits for the next login.
        setSessionLost(true);
        setBanner(SUBMIT_MESSAGES.sessionExpired);
        focusAfterRender.current = 'error';
        return;
      }
      const named = serverFieldErrors(error, getValues());
      const hasFields = Object.keys(named).length > 0;
      const message = submitFailureMessage(error, editing ? SUBMIT_MESSAGES.saveFailed : SUBMIT_MESSAGES.createFailed, hasFields);
      if (hasFields) showErrors(named, message);
      else {
        setBanner(message);
        focusAfterRender.current = 'error';
      }
    } finally {
      inFlight.current = false;
    }
  }

  const submit = handleSubmit(
    async (body) => {
      if (step === 2) goTo(3);
      else if (step === 3) await send(body);
    },
    (found) => showErrors(flatErrors(found), SUBMIT_MESSAGES.fixTheForm),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading || inFlight.current || step === 1) return;
    void submit(event);
  }

  const submitting = formState.isSubmitting || create.isPending || update.isPending;
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
                {sessionLost && (
                  <>
                    {' '}
                    <Link to={loginPath}>Log ind</Link> – det, du har udfyldt, er gemt.
                  </>
                )}
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
                photosLocked={photosLocked}
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
