import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import './tasks.css';

export interface ImageGalleryProps {
  images: readonly string[];
  /** What the pictures show, for their alternative texts ('Billede 2 af 5 – Flytning #12'). */
  subject?: string;
  /** Extra content after each thumbnail, e.g. a remove button while editing. */
  renderAction?: (url: string, index: number) => ReactNode;
}

/** Thumbnails that open a larger view with previous/next (keyboard: the buttons, Escape closes). */
export function ImageGallery({ images, subject, renderAction }: ImageGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const altOf = (index: number) => `Billede ${index + 1} af ${images.length}${subject ? ` – ${subject}` : ''}`;
  const shown = open === null ? null : Math.min(open, images.length - 1);

  return (
    <>
      <ul className="fb-gallery" aria-label="Billeder">
        {images.map((url, index) => (
          <li key={`${url}-${index}`} className="fb-gallery__item">
            <button type="button" className="fb-gallery__thumb" onClick={() => setOpen(index)} aria-label={`Vis billede ${index + 1} af ${images.length}`}>
              <img src={url} alt="" loading="lazy" decoding="async" />
            </button>
            {renderAction?.(url, index)}
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null}
        title={shown === null ? '' : altOf(shown)}
        onClose={() => setOpen(null)}
        footer={
          images.length > 1 && shown !== null ? (
            <>
              <Button variant="secondary" onClick={() => setOpen((shown - 1 + images.length) % images.length)}>
                Forrige
              </Button>
              <Button variant="secondary" onClick={() => setOpen((shown + 1) % images.length)}>
                Næste
              </Button>
            </>
          ) : undefined
        }
      >
        {shown !== null && <img className="fb-gallery__large" src={images[shown]} alt={altOf(shown)} />}
      </Modal>
    </>
  );
}
