/**
 * A service's refusal of a body reaches the client as the service's answer, never as a 503 or a reset (issue 26),
 * through a gateway that reaches the services over HTTP: in front of the embedded services on PGlite always, and in
 * front of the distributed topology (PostgreSQL + NATS) when TEST_DATABASE_URL and NATS_URL are set.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, loadGatewayConfig, type RunningGateway } from '@fragtbud/gateway';
import { createLogger } from '@fragtbud/platform';
import { distributedAvailable, startDistributed } from './testing/distributed';
import { startEmbedded, type EmbeddedTopology } from './topology';

const env = { PORT: '0', LOG_LEVEL: 'silent', API_RATE_LIMIT_PER_MINUTE: '1000000', SESSION_CACHE_MS: '0' };
const twoMegabytes = JSON.stringify({ type: 'moving', description: 'x'.repeat(2 * 1024 * 1024) });

const kinds = distributedAvailable ? (['embedded services', 'distributed'] as const) : (['embedded services'] as const);

describe.each(kinds)('the gateway over HTTP to the services (%s)', (kind) => {
  let topology: EmbeddedTopology;
  let hop: RunningGateway | undefined;
  let base = '';

  beforeAll(async () => {
    if (kind === 'distributed') {
      topology = await startDistributed(env);
      base = topology.url;
    } else {
      topology = await startEmbedded({ env, dataDir: 'memory', logger: createLogger({ name: 'test', level: 'silent' }) });
      // A second gateway in front of the same services, without the in-process hand-over: the HTTP hop.
      hop = createGateway({ config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0' }), logger: createLogger({ name: 'hop', level: 'silent' }), bus: topology.bus });
      base = (await hop.listen()).url;
    }
  }, 180_000);

  afterAll(async () => {
    await hop?.close();
    await topology?.close();
  });

  it('when 20 JSON bodies of 2 MB are posted to /api/tasks, then each is answered 400 payload_too_large', async () => {
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${base}/api/tasks`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: twoMegabytes });
      answers.push([response.status, ((await response.json()) as { code: string }).code]);
    }
    expect(answers).toEqual(Array.from({ length: 20 }, () => [400, 'payload_too_large']));
  });

  it('when a 2 MB JSON body comes without a length (chunked), then the service refuses it and its answer is relayed, 5 of 5 times', async () => {
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 5; i++) {
      const body = Readable.toWeb(Readable.from([Buffer.from(twoMegabytes.slice(0, 1024 * 1024)), Buffer.from(twoMegabytes.slice(1024 * 1024))]));
      const response = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: body as unknown as RequestInit['body'],
        duplex: 'half',
      } as RequestInit);
      answers.push([response.status, ((await response.json()) as { code: string }).code]);
    }
    expect(answers).toEqual(Array.from({ length: 5 }, () => [400, 'payload_too_large']));
  });
});
