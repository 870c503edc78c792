/**
 * Hosts for the multi-host fault test: Linux network namespaces on one bridge in the root namespace, each with its
 * own address (`ip netns`, a veth pair per host). Needs root. Every name starts with `fbc`, so whatever a killed run
 * left behind (namespaces with their processes, the bridge, veths) is found and removed by `removeAll()` at the
 * next start.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

export const prefix = 'fbc';
export const bridge = `${prefix}-br`;
export const subnet = { base: '10.77.0', bits: 24 };
/** The bridge's own address: the root namespace (where the test runs) reaches every host through it. */
export const rootAddress = `${subnet.base}.1`;

export interface Host {
  name: string;
  /** The namespace's name (`ip netns exec <ns>`). */
  ns: string;
  address: string;
  /** The host side of the veth pair, in the root namespace on the bridge: down cuts the host off. */
  link: string;
}

function run(args: string[], { allowFailure = false } = {}): string {
  const result = spawnSync(args[0] as string, args.slice(1), { encoding: 'utf8' });
  if (!allowFailure) assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** `ip netns exec <ns>` in front of a command. */
export function inHost(host: Host, command: string[]): string[] {
  return ['ip', 'netns', 'exec', host.ns, ...command];
}

/** Kills every process in the namespaces of this test and removes them, the veths and the bridge. */
export function removeAll(): void {
  const namespaces = run(['ip', 'netns', 'list'], { allowFailure: true })
    .split('\n')
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((name) => name.startsWith(`${prefix}-`));
  for (const ns of namespaces) {
    const pids = run(['ip', 'netns', 'pids', ns], { allowFailure: true }).split('\n').filter(Boolean);
    for (const pid of pids) run(['kill', '-9', pid], { allowFailure: true });
  }
  for (const ns of namespaces) {
    // A process being killed may hold the namespace a moment longer: `ip netns del` only unlinks its name.
    run(['ip', 'netns', 'del', ns], { allowFailure: true });
  }
  const links = run(['ip', '-o', 'link', 'show'], { allowFailure: true })
    .split('\n')
    .map((line) => line.split(':')[1]?.trim().split('@')[0] ?? '')
    .filter((name) => name.startsWith(`${prefix}-`));
  for (const link of links) run(['ip', 'link', 'del', link], { allowFailure: true });
}

export function createBridge(): void {
  run(['ip', 'link', 'add', bridge, 'type', 'bridge']);
  run(['ip', 'addr', 'add', `${rootAddress}/${subnet.bits}`, 'dev', bridge]);
  run(['ip', 'link', 'set', bridge, 'up']);
}

/** A namespace named `fbc-<name>` with `eth0` at 10.77.0.<octet> on the bridge, and loopback up. */
export function createHost(name: string, octet: number): Host {
  const host: Host = { name, ns: `${prefix}-${name}`, address: `${subnet.base}.${octet}`, link: `${prefix}-${name}` };
  const peer = `${prefix}-${name}-p`;
  assert.ok(peer.length <= 15, `interface name too long: ${peer}`);
  run(['ip', 'netns', 'add', host.ns]);
  run(['ip', 'link', 'add', host.link, 'type', 'veth', 'peer', 'name', peer]);
  run(['ip', 'link', 'set', peer, 'netns', host.ns]);
  run(['ip', 'link', 'set', host.link, 'master', bridge]);
  run(['ip', 'link', 'set', host.link, 'up']);
  run(inHost(host, ['ip', 'link', 'set', peer, 'name', 'eth0']));
  run(inHost(host, ['ip', 'addr', 'add', `${host.address}/${subnet.bits}`, 'dev', 'eth0']));
  run(inHost(host, ['ip', 'link', 'set', 'eth0', 'up']));
  run(inHost(host, ['ip', 'link', 'set', 'lo', 'up']));
  return host;
}

/** Cuts the host off the network (its cable pulled: packets to and from it are lost, nothing is refused). */
export function cut(host: Host): void {
  run(['ip', 'link', 'set', host.link, 'down']);
}

export function heal(host: Host): void {
  run(['ip', 'link', 'set', host.link, 'up']);
}
