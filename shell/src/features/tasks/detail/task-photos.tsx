import { useState } from 'react';
import { limits, messages, type Task } from '@fragtbud/contracts';
import { Button, ImageGallery, PhotoPicker, taskTypeLabel, type PhotoPickerProps } from '@fragtbud/web';
import { useUpdateTask } from '../api/update-task';
import { actionError } from './action-error';

export const PHOTOS_SAVED = 'Billeder gemt';
export const PHOTOS_NOT_SAVED = 'Kunne ikke gemme billeder. Prøv igen.';
const MAX_PHOTOS = limits.initialTaskPhotos;

interface TaskPhotosProps {
  task: Pick<Task, 'id' | 'type' | 'images'>;
  /** Owner or admin: sees the controls, or why they are gone. */
  manages: boolean;
  /** Before a bid is accepted. */
  unlocked: boolean;
  onSaved: (task: Task) => void;
  /** For tests: how the picker uploads. */
  upload?: PhotoPickerProps['upload'];
  prepare?: PhotoPickerProps['prepare'];
}

/** The initial photos: a gallery for everyone, and for owner/admin a way to change them until a bid is accepted. */
export function TaskPhotos({ task, manages, unlocked, onSaved, upload, prepare }: TaskPhotosProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string[]>(task.images);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useUpdateTask();
  const failure = save.error ? actionError(save.error, PHOTOS_NOT_SAVED) : null;

  const startEditing = () => {
    setDraft(task.images);
    setSaved(false);
    save.reset();
    setEditing(true);
  };

  const submit = () =>
    save.mutate(
      { id: task.id, body: { images: draft } },
      {
        onSuccess: (updated) => {
          onSaved(updated);
          setEditing(false);
          setSaved(true);
        },
      },
    );

  return (
    <section className="task-section" aria-labelledby="task-photos-title">
      <div className="task-section__header">
        <h2 id="task-photos-title" className="task-section__title">
          Billeder
        </h2>
        {manages && unlocked && !editing && (
          <Button variant="secondary" size="small" onClick={startEditing}>
            {task.images.length > 0 ? 'Skift billeder' : 'Tilføj billeder'}
          </Button>
        )}
      </div>

      {editing ? (
        <div className="task-photos__editor">
          <PhotoPicker
            value={draft}
            onChange={setDraft}
            max={MAX_PHOTOS}
            label="Opgavens billeder"
            hint={`Op til ${MAX_PHOTOS} billeder. Billederne kan ændres, indtil et bud er accepteret.`}
            onBusyChange={setUploading}
            upload={upload}
            prepare={prepare}
          />
          {failure && (
            <div className="fb-form-error" role="alert">
              {failure.message}
              {failure.reason && <span className="task-error-reason">{failure.reason}</span>}
            </div>
          )}
          <div className="fb-row">
            <Button onClick={submit} loading={save.isPending} disabled={uploading}>
              Gem billeder
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)} disabled={save.isPending}>
              Annuller
            </Button>
          </div>
        </div>
      ) : task.images.length > 0 ? (
        <ImageGallery images={task.images} subject={`${taskTypeLabel(task.type)} #${task.id}`} />
      ) : (
        <p className="fb-muted">Der er ingen billeder af opgaven.</p>
      )}

      {saved && !editing && (
        <p className="task-notice task-notice--success" role="status">
          {PHOTOS_SAVED}
        </p>
      )}
      {manages && !unlocked && <p className="task-photos__locked">{messages.taskImagesLocked}</p>}
    </section>
  );
}
