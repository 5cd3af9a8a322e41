/**
 * The scaling bench's tables and predictions. Each row is one (model, work, MT worker count)
 * measurement: units done (documents or requests), the seconds they took, and the CPU seconds
 * each part of the platform spent meanwhile. The prediction splits the parts in two:
 * - replicated: MT workers, the document worker and the gateway scale by adding processes
 *   (and machines), so their CPU per unit is what a core of a worker machine costs;
 * - shared: one PostgreSQL and one NATS server (JetStream) serve every replica, so their CPU
 *   per unit caps the whole cluster at (their cores / CPU per unit) whatever the worker count.
 */
export type Parts = { mt: number; gateway: number; doc: number; db: number; bus: number };
export type Row = { workers: number; units: number; seconds: number; cpu: Parts; failures: number; note?: string };
export type Work = { unit: 'document' | 'request'; perHour: boolean };

const total = (p: Parts) => p.mt + p.gateway + p.doc + p.db + (Number.isNaN(p.bus) ? 0 : p.bus);
const replicated = (p: Parts) => p.mt + p.gateway + p.doc;
/** Units a second as shown: documents an hour or requests a second. */
const rate = (work: Work, perSecond: number) => (work.perHour ? perSecond * 3600 : perSecond);
const fmtRate = (work: Work, perSecond: number) => {
  const r = rate(work, perSecond);
  return r >= 100 ? r.toFixed(0) : r.toFixed(1);
};
const ms = (seconds: number) => (seconds * 1000).toFixed(seconds * 1000 >= 100 ? 0 : 1);

export function printTable(title: string, work: Work, rows: Row[], cores: number): void {
  const unitName = work.perHour ? 'docs/hour' : 'req/s';
  console.log(`\n${title}`);
  console.log(
    `  workers  ${unitName.padStart(9)}  ratio to 1   CPU ms/${work.unit === 'document' ? 'doc' : 'req'}: total = MT workers + gateway + doc worker + PostgreSQL + NATS`,
  );
  const base = rows.find((r) => r.workers === 1) ?? rows[0]!;
  const baseRate = base.units / base.seconds;
  for (const row of rows) {
    const perSecond = row.units / row.seconds;
    const per = (s: number) => ms(s / row.units);
    const c = row.cpu;
    const past = row.workers > cores ? `  (> ${cores} cores: cannot scale further here)` : '';
    const failures = row.failures ? `  FAILED: ${row.failures}` : '';
    console.log(
      `  ${String(row.workers).padStart(7)}  ${fmtRate(work, perSecond).padStart(9)}  ${(perSecond / baseRate).toFixed(2).padStart(9)}x   ` +
        `${per(total(c)).padStart(6)} = ${per(c.mt)} + ${per(c.gateway)} + ${per(c.doc)} + ${per(c.db)} + ${Number.isNaN(c.bus) ? '?' : per(c.bus)}` +
        `  (${row.units} in ${row.seconds.toFixed(1)} s)${past}${failures}${row.note ? `  ${row.note}` : ''}`,
    );
  }
}

export type Capacity = { machineCores: number; dbCores: number; busCores: number; machines: number[] };

/**
 * What the CPU per unit predicts, from the least contended row (one worker): this machine's bound
 * with every part on it, one worker core's throughput, and N machines of `machineCores` cores
 * running the replicated parts against one database and one bus.
 */
export function printPrediction(work: Work, rows: Row[], cap: Capacity): void {
  const row = rows.find((r) => r.workers === 1) ?? rows[0]!;
  const per = (s: number) => s / row.units;
  const c = row.cpu;
  const unitName = work.perHour ? 'docs/hour' : 'req/s';
  const show = (perSecond: number) => `${fmtRate(work, perSecond)} ${unitName}`;
  const best = Math.max(...rows.map((r) => r.units / r.seconds));
  const here = cap.machineCores / per(total(c));
  console.log(
    `  predicts: everything on this machine's ${cap.machineCores} cores at most ${show(here)} (best measured ${show(best)}); ` +
      `one core of replicated parts (MT worker + gateway + doc worker, ${ms(per(replicated(c)))} ms a ${work.unit}) ${show(1 / per(replicated(c)))}`,
  );
  const dbCeiling = cap.dbCores / per(c.db);
  const busCeiling = Number.isNaN(c.bus) ? Infinity : cap.busCores / per(c.bus);
  console.log(
    `  shared ceilings: PostgreSQL ${show(dbCeiling)} on ${cap.dbCores} cores (${ms(per(c.db))} ms a ${work.unit}); ` +
      `NATS ${Number.isFinite(busCeiling) ? `${show(busCeiling)} on ${cap.busCores} cores (${ms(per(c.bus))} ms a ${work.unit})` : 'not measured (external server)'}`,
  );
  const cells = cap.machines.map((n) => {
    const workers = (n * cap.machineCores) / per(replicated(c));
    const limit = Math.min(workers, dbCeiling, busCeiling);
    const by = limit === workers ? 'replicas' : limit === dbCeiling ? 'PostgreSQL' : 'NATS';
    return `${n}: ${show(limit)} (${by})`;
  });
  console.log(`  N machines of ${cap.machineCores} cores -> ${cells.join(', ')}`);
  const sharedCeiling = Math.min(dbCeiling, busCeiling);
  const machinesToCeiling = (sharedCeiling * per(replicated(c))) / cap.machineCores;
  // Before the shared ceiling, cores of the replicated parts limit; the largest of them says which.
  const parts: [string, number][] = [
    ['MT workers', c.mt],
    ['gateway', c.gateway],
    ['document worker', c.doc],
  ];
  const heaviest = parts.reduce((a, b) => (b[1] > a[1] ? b : a));
  console.log(
    `  bottleneck: ${dbCeiling <= busCeiling ? 'PostgreSQL' : 'NATS'} from about ${machinesToCeiling.toFixed(1)} machines of ${cap.machineCores} cores; ` +
      `before that, the replicated parts' cores, the ${heaviest[0]} the largest share (${Math.round((heaviest[1] / replicated(c)) * 100)}%)`,
  );
}
