/**
 * The browsers of bench/live-events.ts, in a process of their own so the gateway's memory and event loop are measured
 * without them: opens one GET /api/events stream per token and reports when each chat.message and task.status arrived
 * (epoch milliseconds, sub-millisecond precision, the same clock as the parent's).
 */
import { openEventStream, type EventStreamClient } from '@fragtbud/platform';

interface Start {
  url: string;
  tokens: string[];
}

const streams: EventStreamClient[] = [];
const messages: Array<{ id: number; at: number }> = [];
const statuses: Array<{ taskId: number; status: string; at: number }> = [];

process.on('message', async (message: { start?: Start; report?: true }) => {
  if (message.start) {
    const { url, tokens } = message.start;
    for (let i = 0; i < tokens.length; i += 50) {
      const opened = await Promise.all(
        tokens.slice(i, i + 50).map((token) => openEventStream(`${url}/api/events`, { authorization: `Bearer ${token}` })),
      );
      streams.push(...opened);
    }
    for (const stream of streams) watch(stream);
    process.send?.({ ready: streams.length });
  }
  if (message.report) {
    process.send?.({ messages, statuses, open: streams.length });
    streams.forEach((stream) => stream.close());
    setTimeout(() => process.exit(0), 100);
  }
});

/** Takes what arrives as it arrives (the stream client keeps all events; the bench needs only the times). */
function watch(stream: EventStreamClient): void {
  const poll = () => {
    for (const event of stream.events.splice(0)) {
      const at = performance.timeOrigin + event.receivedAt;
      if (event.event === 'chat.message') messages.push({ id: (event.data as { id: number }).id, at });
      if (event.event === 'task.status') {
        const data = event.data as { taskId: number; status: string };
        statuses.push({ taskId: data.taskId, status: data.status, at });
      }
    }
  };
  setInterval(poll, 200).unref();
}
