/**
 * Renders deploy/ with `kubectl kustomize` (offline, the way an operator previews an install) and
 * hands the tests plain objects to assert on. Only the shapes the tests read are typed.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const DEPLOY_DIR = path.join(REPO_ROOT, 'deploy');
export const OVERLAYS = fs.readdirSync(path.join(DEPLOY_DIR, 'overlays')).sort();

export type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: unknown; fieldRef?: unknown };
};
export type Probe = { httpGet?: { path: string; port: number | string } };
export type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[] };
  seccompProfile?: { type: string };
};
export type Container = {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  securityContext?: SecurityContext;
};
export type PodSpec = {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
  nodeSelector?: Record<string, string>;
  tolerations?: { key?: string; operator?: string; value?: string; effect?: string }[];
  terminationGracePeriodSeconds?: number;
};
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
};
export type Workload = Manifest & { spec: { template: { spec: PodSpec } } };
export type Trigger = { type: string; metadata: Record<string, string> };
export type ScaledObject = Manifest & {
  spec: { scaleTargetRef: { name: string; kind?: string }; minReplicaCount?: number; maxReplicaCount?: number; triggers: Trigger[] };
};

let kubectlChecked: string | undefined;

/** kubectl's path, or undefined when it is absent (scripts/test.sh installs it: ensure_kubectl). */
export function findKubectl(): string | undefined {
  if (kubectlChecked !== undefined) return kubectlChecked || undefined;
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'pipe' });
    kubectlChecked = 'kubectl';
  } catch {
    kubectlChecked = '';
  }
  return kubectlChecked || undefined;
}

/** Every object `kubectl kustomize deploy/<dir>` renders; throws with kustomize's own message. */
export function render(dir: string): Manifest[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', path.join(DEPLOY_DIR, dir)], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer | string }).stderr?.toString() ?? String(err);
    // Debian's kubernetes-client (kubectl 1.20) embeds Kustomize 2, which lacks `labels` and `patches`.
    throw new Error(`kubectl kustomize deploy/${dir} failed (Kustomize v5, kubectl >= 1.27, is needed): ${stderr}`);
  }
  const docs = parseAllDocuments(out);
  for (const d of docs) if (d.errors.length > 0) throw new Error(`deploy/${dir}: ${d.errors[0]!.message}`);
  return docs.map((d) => d.toJS() as Manifest).filter(Boolean);
}

export function workloads(docs: Manifest[]): Workload[] {
  return docs.filter((d): d is Workload => d.kind === 'Deployment' || d.kind === 'StatefulSet');
}

export function scaledObjects(docs: Manifest[]): ScaledObject[] {
  return docs.filter((d): d is ScaledObject => d.kind === 'ScaledObject');
}

/** Our own images (mtp-*), as opposed to NATS. */
export function isOurs(container: Container): boolean {
  return /(^|\/)mtp-[a-z-]+(:|$)/.test(container.image);
}

export function containersOf(w: Workload): Container[] {
  return [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers];
}

/** The literal value of an env var in a container (not one read from a Secret or ConfigMap). */
export function envValue(c: Container, name: string): string | undefined {
  return c.env?.find((e) => e.name === name)?.value;
}

/** The one workload a ScaledObject scales. */
export function targetOf(docs: Manifest[], so: ScaledObject): Workload {
  const kind = so.spec.scaleTargetRef.kind ?? 'Deployment';
  const w = workloads(docs).find((d) => d.kind === kind && d.metadata.name === so.spec.scaleTargetRef.name);
  if (!w) throw new Error(`ScaledObject ${so.metadata.name} targets ${kind} ${so.spec.scaleTargetRef.name}, which is not rendered`);
  return w;
}

/** A Kubernetes quantity in bytes ("1010m" as nginx reads it: m = MiB, k = KiB, g = GiB). */
export function nginxSizeBytes(size: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(size.trim());
  if (!m) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}
