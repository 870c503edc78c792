import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { limits } from '@fragtbud/contracts';
import { isApiError } from '../api/api-error';
import { classNames } from '../ui/class-names';
import { prepareImageForUpload, type PreparedImage } from './downscale-image';
import { UPLOAD_MESSAGES, uploadImage } from './upload-image';
import './photo-picker.css';

export interface PhotoPickerProps {
  /** URLs of the photos already uploaded, in order. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Spec section 9: 12 initial task photos (3 by default elsewhere, 6 for proofs). */
  max?: number;
  label?: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  /** Told when uploads start and finish, so a form can wait before it submits. */
  onBusyChange?: (busy: boolean) => void;
  /** Downscales a photo before upload; the browser canvas unless a test says otherwise. */
  prepare?: (file: File) => Promise<PreparedImage>;
  /** Uploads one photo and resolves with its URL; POST /api/upload/image unless a test says otherwise. */
  upload?: (image: PreparedImage, signal: AbortSignal) => Promise<string>;
  /** A line shown on a photo's thumbnail (e.g. 'Sendes når der er forbindelse' for one kept on the device). */
  caption?: (url: string, index: number) => ReactNode;
}

interface PendingPhoto {
  key: number;
  name: string;
}

const defaultUpload = (image: PreparedImage, signal: AbortSignal) => uploadImage(image.blob, image.filename, { signal });

function isImage(file: File): boolean {
  return !file.type || file.type.startsWith('image/');
}

/**
 * Choose photos (button or drop), downscaled in the browser and uploaded one at a time; thumbnails with a remove
 * button; never more than `max` ('Du kan kun uploade op til N billeder').
 */
export function PhotoPicker({
  value,
  onChange,
  max = limits.initialTaskPhotos,
  label = 'Billeder',
  hint,
  disabled = false,
  onBusyChange,
  prepare = prepareImageForUpload,
  upload = defaultUpload,
  caption,
}: PhotoPickerProps) {
  const inputId = useId();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  // Uploads finish one after another between renders: each one appends to the newest list, not a stale prop.
  const latest = useRef(value);
  latest.current = value;
  const controller = useRef<AbortController | null>(null);
  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;

  const busy = pending.length > 0;
  useEffect(() => busyRef.current?.(busy), [busy]);
  useEffect(() => () => controller.current?.abort(), []);

  const room = Math.max(0, max - value.length - pending.length);
  const full = room === 0;

  async function addFiles(files: File[]) {
    if (disabled || files.length === 0) return;
    setError(null);
    const images = files.filter(isImage);
    if (images.length < files.length) setError(UPLOAD_MESSAGES.failed);
    let accepted = images;
    if (images.length > room) {
      setError(UPLOAD_MESSAGES.tooMany(max));
      accepted = images.slice(0, room);
    }
    if (accepted.length === 0) return;

    const batch = accepted.map((file) => ({ key: nextKey.current++, name: file.name, file }));
    setPending((current) => [...current, ...batch.map(({ key, name }) => ({ key, name }))]);
    controller.current ??= new AbortController();
    const { signal } = controller.current;

    for (const { key, file } of batch) {
      try {
        const url = await upload(await prepare(file), signal);
        if (signal.aborted) return;
        const next = [...latest.current, url].slice(0, max);
        latest.current = next;
        onChange(next);
      } catch (uploadError) {
        if (signal.aborted) return;
        setError(isApiError(uploadError) ? uploadError.message : UPLOAD_MESSAGES.failed);
      } finally {
        if (!signal.aborted) setPending((current) => current.filter((photo) => photo.key !== key));
      }
    }
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again must fire a change
    void addFiles(files);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer?.files ?? []));
  }

  function remove(index: number) {
    const next = latest.current.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
    setError(null);
  }

  return (
    <div className="fb-field fb-photos">
      <div className="fb-photos__header">
        <span className="fb-field__label" id={`${inputId}-label`}>
          {label}
        </span>
        <span className="fb-photos__count" aria-live="polite">
          {value.length} af {max}
        </span>
      </div>
      {hint && (
        <p className="fb-field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      <ul className="fb-photos__grid" aria-labelledby={`${inputId}-label`}>
        {value.map((url, index) => {
          const text = caption?.(url, index);
          return (
            <li key={`${url}-${index}`} className="fb-photos__item">
              <img src={url} alt={`Billede ${index + 1}`} className="fb-photos__image" loading="lazy" />
              {text && <span className="fb-photos__caption">{text}</span>}
              {!disabled && (
                <button type="button" className="fb-photos__remove" onClick={() => remove(index)} aria-label={`Fjern billede ${index + 1}`}>
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          );
        })}
        {pending.map((photo) => (
          <li key={`pending-${photo.key}`} className="fb-photos__item fb-photos__item--pending" aria-busy="true">
            <span className="fb-photos__spinner" aria-hidden="true" />
            <span className="fb-visually-hidden">Uploader {photo.name}</span>
          </li>
        ))}
        {!full && !disabled && (
          <li className="fb-photos__add-item">
            <div
              className={classNames('fb-photos__drop', dragging && 'fb-photos__drop--active')}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="fb-photos__input"
                onChange={onInputChange}
                aria-describedby={[hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined}
              />
              <label htmlFor={inputId} className="fb-photos__add">
                <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d="M4 8.5A2.5 2.5 0 0 1 6.5 6H8l1.5-2h5L16 6h1.5A2.5 2.5 0 0 1 20 8.5v8a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5Z" />
                  <circle cx="12" cy="12.5" r="3.2" />
                </svg>
                <span>Tilføj billeder</span>
              </label>
            </div>
          </li>
        )}
      </ul>
      {error && (
        <p className="fb-field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
