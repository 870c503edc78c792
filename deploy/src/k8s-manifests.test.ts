import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/** The production overlay as `kubectl kustomize` renders it, checked without a cluster. */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const overlay = path.join(repoRoot, 'deploy/k8s/overlays/production');
const processes = ['gateway', 'svc-identity', 'svc-tasks', 'svc-bids', 'svc-payments', 'svc-chat', 'svc-ledger'];
const services = processes.filter((name) => name !== 'gateway');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered Kubernetes objects are read as plain data
type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec: any; data?: any };

function render(dir: string): Manifest[] {
  const text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(text).map((doc) => doc.toJS() as Manifest);
}

let manifests: Manifest[];
const all = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const one = (kind: string, name: string): Manifest => {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} is not rendered`);
  return found;
};
const config = () => all('ConfigMap').find((map) => map.metadata.name.startsWith('fragtbud-config'))!.data as Record<string, string>;
/** Every `secretKeyRef` anywhere in the rendered objects. */
function secretKeyRefs(): Array<{ name: string; key: string }> {
  const found: Array<{ name: string; key: string }> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'secretKeyRef') found.push(inner as { name: string; key: string });
        else visit(inner);
      }
    }
  };
  visit(manifests);
  return found;
}
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

beforeAll(() => {
  manifests = render(overlay);
});

describe('the production overlay (kubectl kustomize deploy/k8s/overlays/production)', () => {
  it('when rendered, then it has a Deployment and a Service for the gateway and each service, in the fragtbud namespace', () => {
    for (const name of processes) {
      expect(one('Deployment', name).spec.template.metadata.labels['app.kubernetes.io/name']).toBe(name);
      expect(one('Service', name).spec.selector).toEqual({ 'app.kubernetes.io/name': name });
    }
    const namespaced = manifests.filter((manifest) => manifest.kind !== 'Namespace');
    expect(namespaced.every((manifest) => (manifest.metadata as { namespace?: string }).namespace === 'fragtbud')).toBe(true);
  });

  it('when a Deployment is rendered, then it has probes, requests and limits, runs as non-root on a read-only root with /tmp writable, and drains within its grace period', () => {
    for (const name of processes) {
      const pod = one('Deployment', name).spec.template.spec;
      expect(pod.securityContext.runAsNonRoot, name).toBe(true);
      const [container] = pod.containers;
      expect(container.image, name).toMatch(/^registry\.example\.dk\/fragtbud\/backend:v[\d.]+$/);
      expect(container.command.join(' ')).toContain(`dist/server/${name}.js`);
      expect(container.readinessProbe.httpGet.path, name).toBe('/readyz');
      expect(container.livenessProbe.httpGet.path, name).toBe('/healthz');
      expect(container.readinessProbe.httpGet).not.toHaveProperty('httpHeaders'); // probes carry no token
      for (const kind of ['requests', 'limits']) {
        expect(container.resources[kind], `${name} ${kind}`).toEqual({ cpu: expect.anything(), memory: expect.anything() });
      }
      expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      const tmp = container.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === '/tmp');
      expect(pod.volumes.find((volume: { name: string }) => volume.name === tmp.name)).toHaveProperty('emptyDir');
      // preStop pause + the process's drain (5 s, then cut) + closing bus and database must fit the grace period
      const preStop = container.lifecycle.preStop.sleep.seconds as number;
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + 5 + 10);
    }
  });

  it('when the HPAs are rendered, then gateway, svc-chat and svc-payments scale (autoscaling/v2) from at least 2, and the Deployment leaves the count to them', () => {
    for (const name of ['gateway', 'svc-chat', 'svc-payments']) {
      const hpa = one('HorizontalPodAutoscaler', name);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(one('Deployment', name).spec).not.toHaveProperty('replicas');
    }
    for (const name of ['svc-identity', 'svc-tasks', 'svc-bids', 'svc-ledger']) expect(one('Deployment', name).spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it('when the PodDisruptionBudgets are rendered, then every Deployment and the NATS StatefulSet has one selecting its pods', () => {
    const budgets = all('PodDisruptionBudget');
    for (const workload of [...all('Deployment'), one('StatefulSet', 'nats')]) {
      const labels = workload.spec.template.metadata.labels;
      expect(budgets.filter((budget) => matches(budget.spec.selector.matchLabels, labels)), workload.metadata.name).toHaveLength(1);
    }
  });

  it('when the NetworkPolicies are rendered, then all traffic is denied by default and only the ingress controller reaches the gateway', () => {
    const policies = all('NetworkPolicy');
    expect(one('NetworkPolicy', 'default-deny').spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const gatewayLabels = one('Deployment', 'gateway').spec.template.metadata.labels;
    // every rule that lets traffic in from another namespace: the ingress controller → gateway, the operator → PostgreSQL
    const fromOutside = policies.flatMap((policy) =>
      (policy.spec.ingress ?? []).flatMap((rule: { from?: Array<{ namespaceSelector?: { matchLabels: Record<string, string> } }> }) =>
        (rule.from ?? []).filter((peer) => peer.namespaceSelector).map((peer) => `${policy.metadata.name}←${peer.namespaceSelector!.matchLabels['kubernetes.io/metadata.name']}`),
      ),
    );
    expect(fromOutside.sort()).toEqual(['gateway←ingress-nginx', 'postgres←cnpg-system']);
    expect(matches(one('NetworkPolicy', 'gateway').spec.podSelector.matchLabels, gatewayLabels)).toBe(true);
    for (const name of services) {
      const labels = one('Deployment', name).spec.template.metadata.labels;
      const ingress = policies.filter((policy) => policy.spec.ingress && matches(policy.spec.podSelector.matchLabels ?? {}, labels));
      const sources = ingress.flatMap((policy) => policy.spec.ingress.flatMap((rule: { from: Array<{ podSelector: { matchLabels: object } }> }) => rule.from.map((peer) => peer.podSelector.matchLabels)));
      expect(sources, name).toEqual([{ 'app.kubernetes.io/name': 'gateway' }, { 'app.kubernetes.io/component': 'service' }]);
    }
  });

  it('when the NetworkPolicies are rendered, then services reach PostgreSQL and NATS, each only its own peers, and the gateway the services', () => {
    const policies = all('NetworkPolicy');
    const egressOf = (labels: Record<string, string>) =>
      policies
        .filter((policy) => policy.spec.egress && matches(policy.spec.podSelector.matchLabels ?? {}, labels))
        .flatMap((policy) => policy.spec.egress.flatMap((rule: { to: Array<{ podSelector?: { matchLabels: Record<string, string> } }> }) => rule.to))
        .map((peer) => peer.podSelector?.matchLabels);
    const peersOf: Record<string, string[]> = {
      'svc-identity': ['svc-tasks'],
      'svc-tasks': [],
      'svc-bids': ['svc-ledger', 'svc-tasks'],
      'svc-payments': ['svc-tasks', 'svc-bids'],
      'svc-chat': ['svc-tasks'],
      'svc-ledger': [],
    };
    for (const name of services) {
      const reached = egressOf(one('Deployment', name).spec.template.metadata.labels);
      expect(reached, name).toContainEqual({ 'cnpg.io/cluster': 'fragtbud-db' });
      expect(reached, name).toContainEqual({ 'app.kubernetes.io/name': 'nats' });
      const peers = reached.filter((labels) => labels?.['app.kubernetes.io/name']?.startsWith('svc-')).map((labels) => labels!['app.kubernetes.io/name']);
      expect(peers, name).toEqual(peersOf[name]);
    }
    expect(egressOf(one('Deployment', 'gateway').spec.template.metadata.labels)).toContainEqual({ 'app.kubernetes.io/component': 'service' });
  });

  it('when rolled out, then a Job migrates every schema first (MIGRATE_ONLY) and the Deployments skip migrations', () => {
    const job = one('Job', 'fragtbud-migrate').spec.template.spec;
    const steps = job.initContainers as Array<{ command: string[]; env: Array<{ name: string; value?: string }> }>;
    expect(steps.map((step) => step.command.at(-1))).toEqual(services.map((name) => `dist/server/${name}.js`));
    for (const step of steps) expect(step.env).toContainEqual({ name: 'MIGRATE_ONLY', value: 'true' });
    expect(job.securityContext.runAsNonRoot).toBe(true);
    expect(config().SKIP_MIGRATIONS).toBe('true');
  });

  it('when rendered, then no Secret is committed: values come from fragtbud-secrets (made from an untracked env file) and the operator-made database Secret', () => {
    expect(all('Secret')).toEqual([]);
    const referenced = new Set(secretKeyRefs().map((ref) => ref.name));
    expect([...referenced].sort()).toEqual(['fragtbud-db-app', 'fragtbud-secrets']);
    const ignored = execFileSync('git', ['check-ignore', 'deploy/k8s/overlays/production/secrets/secrets.env'], { cwd: repoRoot, encoding: 'utf8' });
    expect(ignored.trim()).toBe('deploy/k8s/overlays/production/secrets/secrets.env');
  });

  it('when the secrets kustomization is given an env file, then it makes fragtbud-secrets with every key the Deployments read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'k8s-secrets-'));
    try {
      cpSync(path.join(overlay, 'secrets'), dir, { recursive: true });
      copyFileSync(path.join(dir, 'secrets.env.example'), path.join(dir, 'secrets.env'));
      const [secret] = render(dir);
      expect(secret).toMatchObject({ kind: 'Secret', metadata: { name: 'fragtbud-secrets', namespace: 'fragtbud' } });
      const keys = new Set(Object.keys(secret!.data ?? {}));
      const read = secretKeyRefs().filter((ref) => ref.name === 'fragtbud-secrets').map((ref) => ref.key);
      expect(read.length).toBeGreaterThan(10);
      expect(read.filter((key) => !keys.has(key))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the engines are rendered, then NATS is a three-node JetStream cluster with routes, streams at 3 replicas, and PostgreSQL a CloudNativePG Cluster of 3', () => {
    const nats = one('StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    const natsConf = all('ConfigMap').find((map) => map.metadata.name.startsWith('nats-config'))!.data['nats.conf'] as string;
    expect(natsConf).toContain('jetstream');
    for (const index of [0, 1, 2]) expect(natsConf).toContain(`nats://nats-${index}.nats-headless:6222`);
    expect(config().NATS_STREAM_REPLICAS).toBe('3');
    expect(Number(config().NATS_STREAM_MAX_AGE_DAYS)).toBeGreaterThan(7); // bounded disk, longer than the outbox's replay window
    expect(config().NATS_URL).toBe('nats://nats:4222');
    const database = one('Cluster', 'fragtbud-db');
    expect(database.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(database.spec.instances).toBe(3);
  });

  it('when production config is rendered, then it names its origin, its payment provider, and Secure cookies only over https', () => {
    const values = config();
    expect(values.NODE_ENV).toBe('production');
    expect(values.PUBLIC_ORIGIN).toMatch(/^https:\/\//);
    expect(values.PAYMENT_PROVIDER).toBe('stripe');
    expect(values.COOKIE_SECURE).toBe('true');
  });
});

describe('docker-compose.yml and the images', () => {
  const compose = parseAllDocuments(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true })[0]!.toJS() as {
    services: Record<string, { ports?: string[]; image?: string; build?: { dockerfile: string }; environment?: Record<string, string> }>;
  };

  it('when compose runs with no .env, then nothing is required: every ${VAR} has a default', () => {
    const text = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(text.match(/\$\{[A-Z_]+:\?/g) ?? []).toEqual([]);
    expect(compose.services.payments!.environment!.PAYMENT_PROVIDER).toBe('${PAYMENT_PROVIDER:-mock}');
    expect(compose.services.identity!.environment!.PUBLIC_ORIGIN).toBe('${PUBLIC_ORIGIN:-http://localhost:8080}');
    expect(compose.services.identity!.environment!.COOKIE_SECURE).toBe('${COOKIE_SECURE:-false}');
  });

  it('when the gateway is scaled, then it publishes no host port and a proxy from an existing image is the one way in', () => {
    expect(compose.services.gateway!.ports).toBeUndefined();
    expect(compose.services.proxy!.image).toMatch(/^caddy:/);
    expect(compose.services.proxy!.ports).toEqual(['${FRAGTBUD_PORT:-8080}:8080']);
    expect(readFileSync(path.join(repoRoot, 'deploy/compose/Caddyfile'), 'utf8')).toMatch(/dynamic a gateway 8080/);
    for (const name of ['gateway', 'identity', 'tasks', 'bids', 'payments', 'chat', 'ledger']) {
      expect(compose.services[name]!.build!.dockerfile, name).toBe('deploy/Dockerfile');
      expect(compose.services[name]!.image, name).toBe('fragtbud/backend:${FRAGTBUD_VERSION:-dev}');
    }
  });

  it('when the back-end image is built, then a build stage compiles and the runtime stage has production dependencies only, Node 22+, a non-root USER', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'deploy/Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.indexOf('AS backend'));
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:(22|24)-/m);
    expect(dockerfile).toMatch(/AS build\n/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/COPY \. \./);
    expect(runtime).toMatch(/COPY --from=production-dependencies \/app\/node_modules/);
    expect(dockerfile.indexOf('AS build')).toBeLessThan(dockerfile.indexOf('COPY . .'));
    expect(dockerfile.indexOf('npm ci --no-audit')).toBeLessThan(dockerfile.indexOf('COPY . .')); // dependencies cached apart from the source
    expect(dockerfile).toMatch(/AS web\n[\s\S]*^USER 101$/m);
  });
});
