import { useCallback, useEffect, useImperativeHandle, useRef, useState, type PointerEvent, type Ref } from 'react';
import { limits } from '@fragtbud/contracts';
import './proof.css';

export interface SignaturePadHandle {
  /** True until something is drawn (and again after 'Ryd'). */
  isEmpty: () => boolean;
  clear: () => void;
  /** The drawing as a PNG on white (the upload re-encodes to JPEG, which has no transparency). */
  toBlob: () => Promise<Blob>;
}

export interface SignaturePadProps {
  /** Told when the pad goes from empty to signed and back. */
  onChange?: (signed: boolean) => void;
  disabled?: boolean;
  label?: string;
  /** Spec section 9: 500 × 150. */
  width?: number;
  height?: number;
  ref?: Ref<SignaturePadHandle>;
}

const INK = '#14213d';

function context2d(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  if (!canvas) return null;
  try {
    return canvas.getContext('2d');
  } catch {
    return null; // no canvas support (jsdom without the canvas package)
  }
}

function paintBackground(canvas: HTMLCanvasElement | null) {
  const context = context2d(canvas);
  if (!canvas || !context) return;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.restore();
}

/** Where the pointer is, in canvas pixels (the canvas may be drawn narrower than 500 px on a phone). */
function pointOf(canvas: HTMLCanvasElement, event: PointerEvent<HTMLCanvasElement>) {
  const rect = canvas.getBoundingClientRect();
  const scaleX = rect.width > 0 ? canvas.width / rect.width : 1;
  const scaleY = rect.height > 0 ? canvas.height / rect.height : 1;
  return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
}

/**
 * The recipient's signature (spec section 5, optional): a 500 × 150 canvas drawn with pointer events (mouse, pen,
 * finger), a 'Ryd underskrift' button, and `toBlob()` through the ref for the upload.
 */
export function SignaturePad({
  onChange,
  disabled = false,
  label = 'Underskrift',
  width = limits.signatureCanvas.width,
  height = limits.signatureCanvas.height,
  ref,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);
  const signedRef = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const markSigned = useCallback((value: boolean) => {
    if (signedRef.current === value) return;
    signedRef.current = value;
    setSigned(value);
    onChangeRef.current?.(value);
  }, []);

  useEffect(() => paintBackground(canvasRef.current), []);

  const clear = useCallback(() => {
    drawing.current = false;
    last.current = null;
    paintBackground(canvasRef.current);
    markSigned(false);
  }, [markSigned]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => !signedRef.current,
      clear,
      toBlob: () =>
        new Promise<Blob>((resolve, reject) => {
          const canvas = canvasRef.current;
          if (!canvas || typeof canvas.toBlob !== 'function') {
            reject(new Error('Canvas export is not available'));
            return;
          }
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the signature'))), 'image/png');
        }),
    }),
    [clear],
  );

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = canvasRef.current;
    if (disabled || !canvas || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    try {
      canvas.setPointerCapture?.(event.pointerId);
    } catch {
      // a synthetic pointer has no capture; drawing works without it
    }
    drawing.current = true;
    const point = pointOf(canvas, event);
    last.current = point;
    const context = context2d(canvas);
    if (context) {
      context.fillStyle = INK;
      context.beginPath();
      context.arc(point.x, point.y, 1.25, 0, Math.PI * 2);
      context.fill();
    }
    markSigned(true);
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = canvasRef.current;
    if (!drawing.current || !canvas) return;
    event.preventDefault();
    const point = pointOf(canvas, event);
    const context = context2d(canvas);
    if (context && last.current) {
      context.strokeStyle = INK;
      context.lineWidth = 2.5;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.beginPath();
      context.moveTo(last.current.x, last.current.y);
      context.lineTo(point.x, point.y);
      context.stroke();
    }
    last.current = point;
  }

  function endStroke() {
    drawing.current = false;
    last.current = null;
  }

  return (
    <div className="fb-field fb-signature">
      <div className="fb-signature__header">
        <span className="fb-field__label">{label}</span>
        <button type="button" className="fb-signature__clear" onClick={clear} disabled={disabled || !signed}>
          Ryd underskrift
        </button>
      </div>
      <canvas
        ref={canvasRef}
        className="fb-signature__canvas"
        width={width}
        height={height}
        role="img"
        aria-label={signed ? `${label}: underskrevet` : `${label}: tegn med mus eller finger`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endStroke}
        onPointerCancel={endStroke}
        onLostPointerCapture={endStroke}
      />
    </div>
  );
}
