import { describe, expect, it, vi } from 'vitest';
import { createLiveEvents, type EventSourceLike, type LiveEvent } from './live-events';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

function setup() {
  const sources: FakeEventSource[] = [];
  const channel = createLiveEvents({
    factory: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    retryMs: () => 10,
  });
  const seen: LiveEvent[] = [];
  channel.subscribe((event) => seen.push(event));
  return { channel, sources, seen };
}

describe('live events client', () => {
  it('when connected twice, then one stream on /api/events hands typed events to every subscriber', () => {
    const { channel, sources, seen } = setup();
    channel.connect();
    channel.connect();
    expect(sources.map((source) => source.url)).toEqual(['/api/events']);
    sources[0]!.open();
    sources[0]!.send('chat.message', { id: 7, message: 'Hej' });
    sources[0]!.send('task.status', { taskId: 3, status: 'assigned' });
    expect(seen).toEqual([
      { type: 'chat.message', data: { id: 7, message: 'Hej' } },
      { type: 'task.status', data: { taskId: 3, status: 'assigned' } },
    ]);
    expect(channel.isConnected()).toBe(true);
  });

  it('when the server refuses the stream, then it opens a new one later and asks everyone to refetch once back', async () => {
    const { channel, sources, seen } = setup();
    channel.connect();
    sources[0]!.open();
    sources[0]!.fail(true);
    expect(channel.isConnected()).toBe(false);
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    sources[1]!.open();
    expect(seen).toEqual([{ type: 'resync', data: {} }]);
  });

  it('when the connection drops, then the browser reconnects by itself (no second EventSource); focus meanwhile asks for a refetch', () => {
    const { channel, sources, seen } = setup();
    channel.connect();
    sources[0]!.open();
    sources[0]!.fail(false);
    window.dispatchEvent(new Event('focus'));
    expect(seen).toEqual([{ type: 'resync', data: {} }]);
    expect(sources).toHaveLength(1);
  });

  it('when disconnected (logout), then the stream is closed and not opened again', async () => {
    vi.useFakeTimers();
    try {
      const { channel, sources } = setup();
      channel.connect();
      channel.disconnect();
      expect(sources[0]!.closed).toBe(true);
      sources[0]!.fail(true);
      // Every timer the channel could have set (a reconnect after retryMs) has run: none opened a stream.
      vi.runAllTimers();
      expect(sources).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
