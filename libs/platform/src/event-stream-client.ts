/** One Server-Sent Event as a client receives it (`data` parsed as JSON when it is JSON). */
export interface ReceivedEvent {
  id?: string;
  event: string;
  data: unknown;
  /** performance.now() when the frame was read. */
  receivedAt: number;
}

export interface EventStreamClient {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Comment lines (heartbeats) seen. */
  comments: string[];
  /** The first event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A small SSE reader over fetch for tests and benchmarks (a browser's EventSource, without reconnecting): opens
 * `url` with the given headers and collects what arrives. Rejects when the answer is not 200.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((waiter) => waiter());

  if (response.status !== 200 || !response.body) {
    const body = await response.text().catch(() => '');
    throw Object.assign(new Error(`event stream answered ${response.status}: ${body}`), { status: response.status, body });
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ended = false;
  const endedPromise = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          parseFrame(frame);
        }
      }
    } catch {
      // aborted or the connection dropped: the stream has ended either way
    } finally {
      ended = true;
      notify();
    }
  })();

  function parseFrame(frame: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let isEvent = false;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('event:')) {
        event = line.slice(6).trim();
        isEvent = true;
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).trimStart());
        isEvent = true;
      }
    }
    if (isEvent) {
      const text = data.join('\n');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      events.push({ id, event, data: parsed, receivedAt: performance.now() });
    }
    notify();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended: endedPromise,
    close: () => abort.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (ended) {
            cleanup();
            reject(new Error(`the stream ended without the event; got ${JSON.stringify(events.map((e) => e.event))}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
