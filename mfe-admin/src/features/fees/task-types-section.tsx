import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useContractForm } from '@fragtbud/web/forms';
import { Button, ConfirmDialog, EmptyState, ErrorState, Field, Spinner, TASK_TYPES, isTaskType, taskTypeLabel, queryKeys } from '@fragtbud/web';
import { limits } from '@fragtbud/contracts';
import { adminActionError } from '../../shared/action-error';
import { FEES_MESSAGES } from './messages';
import { listTaskTypes, useCreateTaskType, useDeleteTaskType, useUpdateTaskType, type TaskTypeSetting } from './task-types-api';
import { newTaskTypeSchema, taskTypeMaxBidsSchema } from './task-type-input';

/** What the add row starts with: no type, the platform's default bid limit. */
const NEW_TYPE = { type: '', maxBids: String(limits.defaultMaxBids) };

function TypeName({ type }: { type: string }) {
  if (!isTaskType(type)) return <>{type}</>;
  return (
    <>
      {taskTypeLabel(type)} <span className="admin-table__sub">{type}</span>
    </>
  );
}

/** The per-type max-bids table of the fees tab: list, add, change and delete a type's own bid limit. */
export function TaskTypesSection() {
  const types = useQuery({ queryKey: queryKeys.taskTypes(), queryFn: ({ signal }) => listTaskTypes(signal) });
  const createType = useCreateTaskType();
  const updateType = useUpdateTaskType();
  const deleteType = useDeleteTaskType();
  const suggestionsId = useId();
  const addForm = useContractForm(newTaskTypeSchema, { defaultValues: NEW_TYPE, mode: 'onSubmit' });
  const [addError, setAddError] = useState<string | null>(null);
  const adding = createType.isPending;
  const [editing, setEditing] = useState<{ type: string; text: string; error: string | null; saving: boolean } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<TaskTypeSetting | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleting = deleteType.isPending;
  const [notice, setNotice] = useState<string | null>(null);

  // One message for the row (spec section 5: 'Angiv gyldig type og max bud (>=1).'), the schema's first.
  const add = addForm.handleSubmit(
    async (parsed) => {
      if (adding) return;
      setNotice(null);
      if (types.data?.some((item) => item.type === parsed.type)) {
        setAddError(`Typen ${taskTypeLabel(parsed.type)} findes allerede – ret dens max bud i tabellen.`);
        return;
      }
      setAddError(null);
      try {
        const created = await createType.mutateAsync(parsed);
        setNotice(`${taskTypeLabel(created.type)} er tilføjet med max ${created.maxBids} bud.`);
        addForm.reset(NEW_TYPE);
      } catch (error) {
        setAddError(adminActionError(error, FEES_MESSAGES.couldNotSaveChange));
      }
    },
    (errors) => {
      setNotice(null);
      setAddError(errors.type?.message ?? errors.maxBids?.message ?? FEES_MESSAGES.invalidNewTaskType);
    },
  );

  const saveEdit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing || editing.saving) return;
    const parsed = taskTypeMaxBidsSchema.safeParse(editing.text);
    if (!parsed.success) {
      setEditing({ ...editing, error: parsed.error.issues[0]?.message ?? FEES_MESSAGES.couldNotSaveChange });
      return;
    }
    setEditing({ ...editing, error: null, saving: true });
    try {
      const saved = await updateType.mutateAsync({ type: editing.type, maxBids: parsed.data });
      setNotice(`Max bud for ${taskTypeLabel(saved.type)} er nu ${saved.maxBids}.`);
      setEditing(null);
    } catch (error) {
      setEditing({ ...editing, saving: false, error: adminActionError(error, FEES_MESSAGES.couldNotSaveChange) });
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleteError(null);
    try {
      await deleteType.mutateAsync(pendingDelete.type);
      setNotice(`${taskTypeLabel(pendingDelete.type)} er slettet og bruger nu platformens max antal bud.`);
      setPendingDelete(null);
    } catch (error) {
      setDeleteError(adminActionError(error, FEES_MESSAGES.couldNotDeleteTaskType));
    }
  };

  const closeDelete = () => {
    if (deleting) return;
    setPendingDelete(null);
    setDeleteError(null);
  };

  let body;
  if (types.error) {
    // The endpoints belong to svc-tasks; until they answer there is nothing honest to show but this.
    body = <ErrorState message={FEES_MESSAGES.couldNotFetchTaskTypes} onRetry={() => void types.refetch()} compact />;
  } else if (!types.data) {
    body = <Spinner label="Henter opgavetyper…" />;
  } else {
    const rows = [...types.data].sort((a, b) => a.type.localeCompare(b.type, 'da'));
    body = (
      <>
        {rows.length === 0 ? (
          <EmptyState title="Ingen opgavetyper har deres egen grænse" message="Alle opgaver bruger platformens max antal bud." />
        ) : (
          <div className="fb-table-wrap">
            <table className="fb-table task-types-table">
              <caption className="fb-visually-hidden">Max bud pr. opgavetype</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Max bud</th>
                  <th scope="col">
                    <span className="fb-visually-hidden">Handlinger</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((item) => {
                  const isEditing = editing?.type === item.type;
                  const label = taskTypeLabel(item.type);
                  return (
                    <tr key={item.type}>
                      <th scope="row" className="admin-table__name">
                        <TypeName type={item.type} />
                      </th>
                      <td>
                        {isEditing ? (
                          <form id={`task-type-edit-${item.type}`} noValidate onSubmit={saveEdit} className="task-types-table__edit">
                            <Field
                              label={<span className="fb-visually-hidden">Max bud for {label}</span>}
                              inputMode="numeric"
                              autoComplete="off"
                              value={editing.text}
                              error={editing.error}
                              onChange={(event) => setEditing({ ...editing, text: event.target.value, error: null })}
                            />
                          </form>
                        ) : (
                          item.maxBids
                        )}
                      </td>
                      <td className="admin-table__actions">
                        <div className="admin-actions">
                          {isEditing ? (
                            <>
                              <Button size="small" type="submit" form={`task-type-edit-${item.type}`} loading={editing.saving}>
                                Gem
                              </Button>
                              <Button size="small" variant="secondary" disabled={editing.saving} onClick={() => setEditing(null)}>
                                Annuller
                              </Button>
                            </>
                          ) : (
                            <>
                              <Button
                                size="small"
                                variant="secondary"
                                aria-label={`Ret max bud for ${label}`}
                                disabled={editing?.saving}
                                onClick={() => {
                                  setNotice(null);
                                  setEditing({ type: item.type, text: String(item.maxBids), error: null, saving: false });
                                }}
                              >
                                Ret
                              </Button>
                              <Button
                                size="small"
                                variant="ghost"
                                className="admin-actions__delete"
                                aria-label={`Slet ${label}`}
                                onClick={() => {
                                  setNotice(null);
                                  setPendingDelete(item);
                                }}
                              >
                                Slet
                              </Button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}

        <form className="task-types-add" noValidate onSubmit={(event) => void add(event)} aria-label="Tilføj opgavetype">
          <Field
            label="Ny type"
            hint="Fx Flytning eller moving; navnet gemmes med små bogstaver."
            list={suggestionsId}
            autoComplete="off"
            {...addForm.register('type', { onChange: () => setAddError(null) })}
          />
          <datalist id={suggestionsId}>
            {TASK_TYPES.filter(({ type }) => !types.data?.some((item) => item.type === type)).map(({ type, label }) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </datalist>
          <Field
            label="Max bud"
            hint="Helt tal, mindst 1."
            inputMode="numeric"
            autoComplete="off"
            {...addForm.register('maxBids', { onChange: () => setAddError(null) })}
          />
          <Button type="submit" variant="secondary" loading={adding}>
            Tilføj type
          </Button>
        </form>
        {addError && (
          <p className="fb-form-error" role="alert">
            {addError}
          </p>
        )}
      </>
    );
  }

  return (
    <section className="fb-card fb-stack fees-section" aria-labelledby="task-types-title">
      <div>
        <h3 id="task-types-title" className="fees-section__title">
          Max bud pr. opgavetype
        </h3>
        <p className="fees-section__lead">
          En types grænse går forud for platformens max antal bud; en opgaves egen grænse går forud for begge.
        </p>
      </div>
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {body}

      <ConfirmDialog        open={pendingDelete !== null}        title="Slet opgavetype"        confirmLabel="Slet type"        onConfirm={confirmDelete}        onCancel={closeDelete}        busy={deleting}      >
        {pendingDelete && (
          <p>
            Slet grænsen for <strong>{taskTypeLabel(pendingDelete.type)}</strong> (max {pendingDelete.maxBids} bud)? Opgaver af
            denne type bruger derefter platformens max antal bud.
          </p>
        )}
        {deleteError && (
          <p className="fb-form-error" role="alert">
            {deleteError}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
