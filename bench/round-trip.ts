/**
 * What one loopback round trip costs on this machine, within one process and between two: the floor under every hop
 * (gateway → service, service → PostgreSQL). On a VM, waking a process on the other vCPU can cost far more than the
 * socket calls themselves; run it under `taskset -c 0` to see the same trip with both processes on one vCPU.
 *
 *   npx tsx bench/round-trip.ts [--count 20000]
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

if (process.argv.includes('--echo-server')) {
  const server = net.createServer((socket) => socket.on('data', (data) => socket.write(data)));
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as net.AddressInfo).port));
} else {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' } } });
  const count = Number(values.count);

  /** `count` one-byte messages sent and echoed one after another: wall time and this process's CPU per trip. */
  const measure = async (port: number) => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      await new Promise((resolve) => {
        socket.once('data', resolve);
        socket.write('x');
      });
    }
    const wallUs = ((performance.now() - started) * 1000) / count;
    const cpu = process.cpuUsage(cpuBefore);
    socket.destroy();
    return `${wallUs.toFixed(0)} µs wall, ${((cpu.user + cpu.system) / count).toFixed(0)} µs CPU of the sender`;
  };

  const local = net.createServer((socket) => socket.on('data', (data) => socket.write(data)));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`round trip within one process: ${await measure((local.address() as net.AddressInfo).port)}\n`);
  local.close();

  const child = fork(new URL(import.meta.url).pathname, ['--echo-server'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  process.stdout.write(`round trip to another process: ${await measure(port)}\n`);
  child.kill();
}
