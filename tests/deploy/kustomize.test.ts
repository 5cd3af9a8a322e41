/**
 * deploy/: every overlay renders with `kubectl kustomize`, and what it renders keeps the promises
 * of issue 23: GPU limits, selectors and tolerations on the GPU pool only; /healthz and /readyz
 * probes on every container of ours; no secret in a ConfigMap (secret settings come from the
 * operator's Secret); an Ingress body limit that fits a whole upload batch; KEDA triggers on the
 * streams and consumer our bus code creates; non-root containers on read-only root filesystems;
 * the enterprise overlay's workers in that enterprise's pool. Names come from the code's entry
 * points (streamName, queueOf, enterprisePool, LIMITS), never copied here.
 */
import { CLOSE_DEADLINE_MS, queueOf, streamName, streamReplicasSetting } from '@mtp/platform';
import { BUS, DEFAULT_POOL, enterprisePool, LIMITS } from '@mtp/proto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  containersOf,
  DEPLOY_DIR,
  envValue,
  findKubectl,
  isOurs,
  nginxSizeBytes,
  OVERLAYS,
  render,
  scaledObjects,
  targetOf,
  workloads,
  type Container,
  type Manifest,
  type Workload,
} from './render-manifests';

const SECRET_KEY = /^(DATABASE_URL|S3_URL|SMTP_URL|MT_REMOTE_KEY)$|_SECRET$|PASSWORD|_KEY$|TOKEN|PRIVATE/;
const GPU = 'nvidia.com/gpu';
const kubectl = findKubectl();
if (!kubectl) console.warn('deploy tests skipped: kubectl is not installed (scripts/test.sh installs it with ensure_kubectl)');

const secretKeysOffered = fs
  .readFileSync(path.join(DEPLOY_DIR, 'base/secrets.example.env'), 'utf8')
  .split('\n')
  .filter((l) => /^[A-Z0-9_]+=/.test(l))
  .map((l) => l.slice(0, l.indexOf('=')));

function poolOf(c: Container): string {
  return envValue(c, 'MT_POOL') ?? DEFAULT_POOL;
}
function isMtWorker(c: Container): boolean {
  return /mtp-mt-worker/.test(c.image);
}
function portNumber(c: Container, port: number | string): number | undefined {
  return typeof port === 'number' ? port : c.ports?.find((p) => p.name === port)?.containerPort;
}
function gpuLimit(c: Container): boolean {
  return c.resources?.limits?.[GPU] !== undefined;
}

describe.skipIf(!kubectl).each(OVERLAYS)('deploy/overlays/%s', (overlay) => {
  // Rendered once per overlay; a kustomize error fails every test of the overlay with its message.
  let docs: Manifest[] | undefined;
  const rendered = () => (docs ??= render(`overlays/${overlay}`));
  const ours = () => workloads(rendered()).filter((w) => containersOf(w).some(isOurs));

  it('renders the gateway with its Service, HPA, PDB and Ingress, the workers and NATS, in one namespace', () => {
    const kinds = rendered().map((d) => `${d.kind}/${d.metadata.name}`);
    for (const k of ['Deployment/gateway', 'Service/gateway', 'HorizontalPodAutoscaler/gateway', 'PodDisruptionBudget/gateway']) {
      expect(kinds).toContain(k);
    }
    expect(kinds).toContain('Ingress/gateway');
    expect(kinds).toContain('Deployment/mt-worker-cpu');
    expect(kinds).toContain('Deployment/doc-worker');
    expect(kinds).toContain('StatefulSet/nats');
    expect(new Set(rendered().map((d) => d.metadata.namespace))).toEqual(new Set(['mtp']));
    // Every image pinned to a tag: an untagged one means an overlay's `images` missed a resource.
    for (const w of workloads(rendered())) for (const c of containersOf(w)) expect(c.image, w.metadata.name).toMatch(/:[\w.-]+$/);
    expect(
      workloads(rendered())
        .flatMap(containersOf)
        .filter((c) => /:latest$/.test(c.image)),
    ).toEqual([]);
    const hpa = rendered().find((d) => d.kind === 'HorizontalPodAutoscaler')!;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
  });

  it('puts GPU limits, the GPU node selector and the GPU toleration on the GPU pool only', () => {
    const gpuPods = ours().filter((w) => w.spec.template.spec.containers.some(gpuLimit));
    expect(gpuPods.length > 0).toBe(overlay === 'gpu');
    for (const w of ours()) {
      const pod = w.spec.template.spec;
      const hasGpu = pod.containers.some(gpuLimit);
      const selects = pod.nodeSelector?.[`${GPU}.product`] !== undefined;
      const tolerates = (pod.tolerations ?? []).some((t) => t.key === GPU && t.effect === 'NoSchedule');
      expect({ workload: w.metadata.name, selects, tolerates }).toEqual({ workload: w.metadata.name, selects: hasGpu, tolerates: hasGpu });
      for (const c of pod.containers) {
        if (gpuLimit(c)) {
          expect(c.image).toMatch(/mtp-mt-worker-gpu/);
          expect(Number(c.resources!.limits![GPU])).toBeGreaterThanOrEqual(1);
        } else {
          expect(c.image).not.toMatch(/-gpu/);
        }
      }
    }
  });

  it('probes every container of ours: liveness on /healthz, readiness on /readyz, on a port it listens on', () => {
    const config = rendered().find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'mtp-config')!;
    expect(ours().length).toBeGreaterThanOrEqual(3);
    for (const w of ours()) {
      for (const c of w.spec.template.spec.containers.filter(isOurs)) {
        const where = `${w.metadata.name}/${c.name}`;
        expect(c.livenessProbe?.httpGet?.path, where).toBe('/healthz');
        expect(c.readinessProbe?.httpGet?.path, where).toBe('/readyz');
        const live = portNumber(c, c.livenessProbe!.httpGet!.port);
        const ready = portNumber(c, c.readinessProbe!.httpGet!.port);
        // Workers serve health on HEALTH_PORT, the gateway on PORT (the agreed settings).
        const served = Number(/gateway/.test(c.image) ? config.data!.PORT : envValue(c, 'HEALTH_PORT'));
        expect([live, ready], where).toEqual([served, served]);
      }
    }
  });

  it('keeps secrets out of ConfigMaps: secret settings come from the Secret the operator creates', () => {
    const configMaps = rendered().filter((d) => d.kind === 'ConfigMap');
    for (const cm of configMaps) {
      for (const [key, value] of Object.entries(cm.data ?? {})) {
        expect(SECRET_KEY.test(key), `${cm.metadata.name}.${key}`).toBe(false);
        // A URL with credentials in it is a secret whatever its key is called.
        expect(/:\/\/[^/\s:@]+:[^/\s@]+@/.test(value), `${cm.metadata.name}.${key}`).toBe(false);
      }
    }
    // The base renders no Secret: no value can end up in git or in `kubectl kustomize` output.
    expect(rendered().filter((d) => d.kind === 'Secret')).toEqual([]);
    let fromSecret = 0;
    for (const w of ours()) {
      for (const c of containersOf(w)) {
        for (const e of c.env ?? []) {
          if (!SECRET_KEY.test(e.name)) continue;
          const ref = e.valueFrom?.secretKeyRef;
          expect(ref, `${w.metadata.name}: ${e.name} must come from a secretKeyRef`).toBeDefined();
          expect(ref!.name).toBe('mtp-secrets');
          expect(secretKeysOffered).toContain(ref!.key);
          fromSecret++;
        }
        for (const from of c.envFrom ?? []) expect(from.secretRef, 'whole Secrets are not spread into env').toBeUndefined();
      }
    }
    const gateway = ours().find((w) => w.metadata.name === 'gateway')!;
    const gatewayEnv = gateway.spec.template.spec.containers[0]!.env!.map((e) => e.name);
    expect(gatewayEnv).toEqual(expect.arrayContaining(['DATABASE_URL', 'S3_URL', 'JWT_SECRET', 'MTP_ADMIN_PASSWORD']));
    expect(fromSecret).toBeGreaterThanOrEqual(5);
  });

  it('lets a whole upload batch through the Ingress: the body limit fits every file of a batch at its largest', () => {
    const ingress = rendered().find((d) => d.kind === 'Ingress')!;
    const a = ingress.metadata.annotations ?? {};
    const limit = nginxSizeBytes(a['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m');
    expect(limit).toBeGreaterThanOrEqual(LIMITS.docFilesPerBatch * LIMITS.docBytes);
    expect(a['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
    expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(300);
    expect(Number(a['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(300);
  });

  it('runs every pod and container non-root on a read-only root filesystem, with resources set', () => {
    for (const w of workloads(rendered())) {
      const pod = w.spec.template.spec;
      for (const c of containersOf(w)) {
        const where = `${w.metadata.name}/${c.name}`;
        const sc = { ...pod.securityContext, ...c.securityContext };
        expect(sc.runAsNonRoot, where).toBe(true);
        expect(sc.runAsUser, where).toBe(10001);
        expect(sc.seccompProfile?.type, where).toBe('RuntimeDefault');
        expect(c.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(c.securityContext?.readOnlyRootFilesystem, where).toBe(true);
        expect(c.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
        for (const r of ['cpu', 'memory']) {
          expect(c.resources?.requests?.[r], `${where} requests ${r}`).toBeDefined();
          expect(c.resources?.limits?.[r], `${where} limits ${r}`).toBeDefined();
        }
      }
      // Our processes drain on SIGTERM within CLOSE_DEADLINE_MS + 5 s: the pod must be given that long.
      if (containersOf(w).some(isOurs)) {
        expect(pod.terminationGracePeriodSeconds ?? 30, w.metadata.name).toBeGreaterThanOrEqual((CLOSE_DEADLINE_MS + 5_000) / 1000);
      }
    }
  });

  it('scales the workers with KEDA on the JetStream streams their pools use, GPU pools from zero', () => {
    const sos = scaledObjects(rendered());
    const headless = rendered().find(
      (d) => d.kind === 'Service' && (d.spec as { clusterIP?: string }).clusterIP === 'None' && d.metadata.name.startsWith('nats'),
    )!;
    const nats = rendered().find((d) => d.kind === 'StatefulSet' && d.metadata.name === 'nats') as Workload;
    for (const so of sos) {
      const target = targetOf(rendered(), so);
      const worker = target.spec.template.spec.containers[0]!;
      expect(so.apiVersion).toBe('keda.sh/v1alpha1');
      const jetstream = so.spec.triggers.filter((t) => t.type === 'nats-jetstream');
      expect(jetstream.length, so.metadata.name).toBeGreaterThan(0);
      for (const t of jetstream) {
        // KEDA runs in its own namespace: the endpoint is the headless service's FQDN in ours.
        expect(t.metadata.natsServerMonitoringEndpoint).toBe(
          `${headless.metadata.name}.${headless.metadata.namespace}.svc.cluster.local:8222`,
        );
        expect(t.metadata.account).toBe('$G');
        expect(Number(t.metadata.lagThreshold)).toBeGreaterThan(0);
      }
      if (isMtWorker(worker)) {
        const expected = streamName(queueOf(BUS.translateSegments, poolOf(worker)));
        expect(jetstream.map((t) => t.metadata.stream)).toEqual([expected]);
      }
      if (worker.resources?.limits?.[GPU] !== undefined) expect(so.spec.minReplicaCount).toBe(0);
    }
    // Each scaled workload has exactly one ScaledObject (two would fight over its replicas).
    const targets = sos.map((so) => `${so.spec.scaleTargetRef.kind ?? 'Deployment'}/${so.spec.scaleTargetRef.name}`);
    expect(new Set(targets).size).toBe(targets.length);
    const workers = ours()
      .filter((w) => w.metadata.name !== 'gateway')
      .map((w) => `${w.kind}/${w.metadata.name}`);
    expect(targets.sort()).toEqual(workers.sort());
    // NATS publishes its monitoring port, which the triggers read, on the pods behind that service.
    expect(nats.spec.template.spec.containers[0]!.ports!.map((p) => p.containerPort)).toContain(8222);
  });

  it('runs NATS JetStream on file storage; three routed servers except on a single node', () => {
    const nats = rendered().find((d) => d.kind === 'StatefulSet' && d.metadata.name === 'nats') as Workload & {
      spec: { replicas: number; volumeClaimTemplates?: { metadata: { name: string } }[] };
    };
    const conf = rendered().find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'nats-config')!.data!['nats.conf']!;
    expect(conf).toMatch(/jetstream\s*{[^}]*store_dir:\s*\/data\/jetstream/);
    expect(nats.spec.volumeClaimTemplates?.map((v) => v.metadata.name)).toEqual(['data']);
    if (overlay === 'single-node') {
      expect(nats.spec.replicas).toBe(1);
      expect(conf).not.toMatch(/cluster\s*{/);
    } else {
      expect(nats.spec.replicas).toBe(3);
      for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.nats-headless:6222`);
    }
    // Streams on every server, so losing one loses no queued job; never more copies than servers
    // (JetStream refuses to create such a stream, and every publish would fail).
    const settings = rendered().find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'mtp-config')!.data!;
    expect(streamReplicasSetting({ NATS_STREAM_REPLICAS: settings.NATS_STREAM_REPLICAS })).toBe(nats.spec.replicas);
  });

  it('gives an enterprise its own pool only in the enterprise overlay, scaled on that pool queue', () => {
    const dedicated = ours().filter((w) => w.spec.template.spec.containers.some((c) => isMtWorker(c) && poolOf(c) !== DEFAULT_POOL));
    expect(dedicated.length > 0).toBe(overlay === 'enterprise-example');
    for (const w of dedicated) {
      const pool = poolOf(w.spec.template.spec.containers[0]!);
      const site = /^site-(\d+)$/.exec(pool);
      expect(site, `MT_POOL ${pool} is not an enterprise pool`).not.toBeNull();
      expect(pool).toBe(enterprisePool(Number(site![1])));
      // Stable pod names: the device ids the administrator assigned to the enterprise survive restarts.
      expect(w.kind).toBe('StatefulSet');
      const so = scaledObjects(rendered()).find((s) => s.spec.scaleTargetRef.name === w.metadata.name)!;
      expect(so.spec.triggers.map((t) => t.metadata.stream)).toEqual([streamName(queueOf(BUS.translateSegments, pool))]);
    }
  });
});
