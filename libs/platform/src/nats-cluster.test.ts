import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import type { EventBus } from './event-bus';
import { createNatsBus, streamNaming } from './nats-bus';
import { waitFor } from './testing';

/**
 * NATS_STREAM_REPLICAS against a real three-node JetStream cluster (Debian's nats-server, three processes with
 * cluster routes on loopback): the bus creates its streams with three replicas, and raises an existing R1 stream.
 */
const natsServer = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const logger = createLogger({ name: 'nats-cluster-test', level: 'silent' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync(natsServer))('event bus on a three-node NATS JetStream cluster', () => {
  const servers: ChildProcess[] = [];
  const storeDirs: string[] = [];
  /** Each server's client URL by its name (`n0`–`n2`). */
  const serverUrls = new Map<string, string>();
  let url: string;

  beforeAll(async () => {
    const clientPorts = [await freePort(), await freePort(), await freePort()];
    const routePorts = [await freePort(), await freePort(), await freePort()];
    const routes = routePorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
    for (const [index, port] of clientPorts.entries()) {
      const storeDir = mkdtempSync(path.join(tmpdir(), `nats-${index}-`));
      storeDirs.push(storeDir);
      const args = ['-a', '127.0.0.1', '-p', String(port), '-n', `n${index}`, '-js', '-sd', storeDir];
      args.push('--cluster_name', 'fragtbud', '--cluster', `nats://127.0.0.1:${routePorts[index]}`, '--routes', routes);
      servers.push(spawn(natsServer, args, { stdio: 'ignore' }));
      serverUrls.set(`n${index}`, `nats://127.0.0.1:${port}`);
    }
    url = clientPorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
    // JetStream answers once the three servers have elected a meta leader.
    await waitFor(
      async () => {
        const nc = await connect({ servers: url.split(','), timeout: 1_000 }).catch(() => null);
        if (!nc) return false;
        try {
          await (await jetstreamManager(nc)).getAccountInfo();
          return true;
        } catch {
          return false;
        } finally {
          await nc.close();
        }
      },
      { timeoutMs: 30_000 },
    );
  }, 60_000);

  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    for (const dir of storeDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function streamReplicas(stream: string): Promise<{ configured: number; copies: number }> {
    const nc = await connect({ servers: url.split(',') });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(stream);
      return { configured: info.config.num_replicas, copies: 1 + (info.cluster?.replicas?.length ?? 0) };
    } finally {
      await nc.close();
    }
  }

  it('when the bus is told NATS_STREAM_REPLICAS=3, then the streams it creates have three copies and events flow', async () => {
    const namespace = `r3_${randomUUID().slice(0, 8)}`;
    const bus = await createNatsBus({ url, namespace, logger, streamReplicas: 3 });
    try {
      const seen: string[] = [];
      await bus.subscribe({ durable: 'r3', subjects: ['tasks.task.created'], handler: async (event) => void seen.push(event.id) });
      const id = randomUUID();
      await waitFor(async () => {
        await bus.publish({ id, type: 'tasks.task.created', occurredAt: new Date().toISOString(), correlationId: id, data: {} });
        return true;
      });
      await waitFor(() => seen.includes(id), { timeoutMs: 10_000 });
      expect(await streamReplicas(streamNaming(namespace).stream('tasks'))).toEqual({ configured: 3, copies: 3 });
    } finally {
      await bus.close();
    }
  });

  it('when a stream was created with one copy, then a bus with NATS_STREAM_REPLICAS=3 raises it to three', async () => {
    const namespace = `r1_${randomUUID().slice(0, 8)}`;
    const naming = streamNaming(namespace);
    const nc = await connect({ servers: url.split(',') });
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: naming.stream('bids'), subjects: [naming.subject('bids.>')], storage: StorageType.File, num_replicas: 1 });
    } finally {
      await nc.close();
    }
    const bus = await createNatsBus({ url, namespace, logger, streamReplicas: 3 });
    try {
      await bus.subscribe({ durable: 'raise', subjects: ['bids.bid.placed'], handler: async () => undefined });
      await waitFor(async () => (await streamReplicas(naming.stream('bids'))).configured === 3, { timeoutMs: 15_000 });
      await waitFor(async () => (await streamReplicas(naming.stream('bids'))).copies === 3, { timeoutMs: 15_000 });
    } finally {
      await bus.close();
    }
  });

  // Last: it kills a server.
  it('when the server holding a live tail\'s consumer dies while the tail\'s own connection (to another server) stays up, then the tail goes on within seconds from where it was: nothing missed, nothing twice', async () => {
    const namespace = `tail_${randomUUID().slice(0, 8)}`;
    const naming = streamNaming(namespace);
    const event = () => {
      const id = randomUUID();
      return { id, type: 'chat.live.event', occurredAt: new Date().toISOString(), correlationId: id, data: {} };
    };
    const publisher = await createNatsBus({ url, namespace, logger, streamReplicas: 3 });
    const buses = [publisher];
    try {
      const first = event();
      await waitFor(async () => {
        await publisher.publish(first);
        return true;
      });
      const nc = await connect({ servers: url.split(',') });
      const jsm = await jetstreamManager(nc);
      try {
        // A tail whose ordered consumer lives on another server than its own connection (NATS places the consumer on
        // one of the stream's servers: tried again until it is so); that server dies, the connection stays up.
        const stream = naming.stream('chat');
        let placed: { tailBus: EventBus; seen: string[]; before: string; host: string } | undefined;
        for (const connectedTo of [...serverUrls.keys(), ...serverUrls.keys(), ...serverUrls.keys()]) {
          for await (const info of jsm.consumers.list(stream)) await jsm.consumers.delete(stream, info.name);
          const tailBus = await createNatsBus({ url: serverUrls.get(connectedTo) as string, namespace, logger, streamReplicas: 3 });
          buses.push(tailBus);
          const seen: string[] = [];
          await tailBus.tail({ subjects: ['chat.live.event'], handler: async (live) => void seen.push(live.id) });
          const before = event();
          await publisher.publish(before);
          await waitFor(() => seen.includes(before.id), { timeoutMs: 5_000 });
          const consumers = [];
          for await (const info of jsm.consumers.list(stream)) consumers.push(info);
          expect(consumers).toHaveLength(1);
          const host = consumers[0]?.cluster?.leader as string;
          if (host !== connectedTo) {
            placed = { tailBus, seen, before: before.id, host };
            break;
          }
          await tailBus.close();
        }
        if (!placed) throw new Error('the consumer was always placed on the server the tail is connected to');
        const { tailBus, seen, host } = placed;
        servers[Number(host.slice(1))]?.kill('SIGKILL');
        const killedAt = Date.now();

        const during = [event(), event(), event()];
        for (const live of during) {
          await waitFor(
            async () => {
              await publisher.publish(live);
              return true;
            },
            { timeoutMs: 20_000 },
          );
        }
        await waitFor(() => during.every((live) => seen.includes(live.id)), { timeoutMs: 25_000, intervalMs: 50 });
        // nats.js alone: two missed 15 s heartbeats, then consumer infos that wait for the dead server (minutes).
        expect(Date.now() - killedAt).toBeLessThan(20_000);
        expect(seen).toEqual([placed.before, ...during.map((live) => live.id)]);
        expect(tailBus.isConnected()).toBe(true);
      } finally {
        await nc.close();
      }
    } finally {
      for (const bus of buses) await bus.close();
    }
  }, 60_000);
});
