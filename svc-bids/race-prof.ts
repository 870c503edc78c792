import { performance } from 'node:perf_hooks';
import { bidBody, createTask, startBids, user } from './src/test-harness';
const bids = await startBids();
const carriers = Array.from({ length: 50 }, () => user('carrier'));
for (let round = 0; round < 10; round += 1) {
  const warmUp = await createTask(bids, { maxBids: 5 });
  await Promise.all(carriers.slice(round * 5, round * 5 + 5).map((c) => bids.call('POST', '/bids', { as: c, body: bidBody(warmUp.id) })));
}
const results: number[] = [];
for (let r = 0; r < 20; r++) {
  const task = await createTask(bids, { maxBids: 5 });
  const t0 = performance.now();
  const ms = await Promise.all(carriers.map(async (c, i) => { const s = performance.now(); await bids.call('POST', '/bids', { as: c, body: bidBody(task.id, 700 + i) }); return performance.now() - s; }));
  ms.sort((a, b) => a - b);
  results.push(ms[47]!);
  void t0;
}
console.log('p95 per round', results.map((x) => x.toFixed(0)).join(' '));
await bids.close();
