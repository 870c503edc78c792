import { liveEventTypes, type LiveEventType } from '@fragtbud/contracts';
import { useEffect, useRef } from 'react';
import { API_BASE } from '../api/api-client';

/** What a subscriber gets: the event's type and its data (already parsed); `resync` means "refetch everything". */
export interface LiveEvent {
  type: LiveEventType | 'resync';
  data: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;

/** The part of the browser's EventSource this client uses (tests hand in a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const eventTypes: ReadonlyArray<LiveEvent['type']> = [...liveEventTypes, 'resync'];
const CLOSED = 2;

/**
 * The one live channel of the browser: an EventSource on GET /api/events (the session cookie authenticates it),
 * shared by every component through `subscribe`. The browser reconnects by itself and resumes with Last-Event-ID;
 * when the server refused the stream (logged out, too many) it is opened again with a back-off. While the stream is
 * down, focusing the window tells every subscriber to refetch (`resync`), and so does coming back after a gap.
 */
export function createLiveEvents(options: { factory?: EventSourceFactory; url?: string; retryMs?: (attempt: number) => number } = {}) {
  // Without EventSource (jsdom, very old browsers) there is no stream: screens keep refetching on focus.
  const factory: EventSourceFactory | null =
    options.factory ??
    (typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike);
  const url = options.url ?? `${API_BASE}/events`;
  const retryMs = options.retryMs ?? ((attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt));
  const listeners = new Set<Listener>();
  let source: EventSourceLike | null = null;
  let wanted = false;
  let connected = false;
  let wasDown = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (event: LiveEvent) => listeners.forEach((listener) => listener(event));
  const onFocus = () => {
    if (!connected) emit({ type: 'resync', data: {} });
  };

  function open(): void {
    if (!factory) return;
    const opened = factory(url);
    source = opened;
    opened.onopen = () => {
      connected = true;
      attempt = 0;
      if (wasDown) emit({ type: 'resync', data: {} });
      wasDown = false;
    };
    opened.onerror = () => {
      connected = false;
      wasDown = true;
      if (opened.readyState !== CLOSED || !wanted) return;
      // Refused (not a dropped connection, which EventSource retries itself): try again later.
      retryTimer = setTimeout(() => {
        if (wanted && source === opened) open();
      }, retryMs(attempt++));
    };
    for (const type of eventTypes) {
      opened.addEventListener(type, (message: MessageEvent) => {
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(String(message.data)) as Record<string, unknown>;
        } catch {
          // a frame without JSON data still says something happened
        }
        emit({ type, data });
      });
    }
  }

  return {
    /** Opens the stream (once signed in); calling it again changes nothing. */
    connect(): void {
      if (wanted) return;
      wanted = true;
      if (typeof window !== 'undefined') window.addEventListener('focus', onFocus);
      open();
    },
    /** Closes the stream (on logout). */
    disconnect(): void {
      wanted = false;
      connected = false;
      clearTimeout(retryTimer);
      source?.close();
      source = null;
      if (typeof window !== 'undefined') window.removeEventListener('focus', onFocus);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isConnected: () => connected,
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;

/** The browser's one channel (a shared singleton through Module Federation, like the session store). */
export const liveEvents: LiveEvents = createLiveEvents();

/**
 * Calls `onEvent` for the live events of the given types (and for `resync`) while the component is mounted — the way
 * a screen refetches or updates what it shows. It never opens a stream of its own.
 */
export function useLiveEvents(types: ReadonlyArray<LiveEvent['type']>, onEvent: (event: LiveEvent) => void, channel: LiveEvents = liveEvents): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    const wanted = new Set<string>(key.split(','));
    return channel.subscribe((event) => {
      if (event.type === 'resync' || wanted.has(event.type)) handler.current(event);
    });
  }, [key, channel]);
}
