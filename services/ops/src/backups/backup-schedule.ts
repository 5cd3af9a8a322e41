/**
 * The daily schedule (croner). Every replica runs the same cron; at each firing it publishes a
 * `scheduled` job for that slot with the slot as the job id, so the bus drops the copies of the
 * other replicas (within its dedupe window), and the runner's row for the slot is unique in
 * PostgreSQL (`backups.slot`), so a copy that slips past the window still makes nothing twice.
 */
import { Cron } from 'croner';

/** The next firing of a cron expression, or an error when it is not one croner accepts. */
export function checkSchedule(expression: string): { ok: true; next: Date | null } | { ok: false } {
  try {
    const probe = new Cron(expression, { paused: true });
    const next = probe.nextRun();
    probe.stop();
    return { ok: true, next };
  } catch {
    return { ok: false };
  }
}

/**
 * A slot's id: the firing's time to the nearest second, the same on every replica (croner
 * starts a run a few milliseconds after its scheduled whole second; schedules have no finer step).
 */
export function slotOf(at: Date): string {
  return new Date(Math.round(at.getTime() / 1000) * 1000).toISOString();
}

export class BackupSchedule {
  private cron: Cron | null = null;
  private expression = '';

  constructor(private readonly fire: (slot: string) => Promise<void>) {}

  /** (Re)starts the cron when the expression changed; an invalid one stops it. */
  set(expression: string): void {
    if (expression === this.expression && this.cron) return;
    this.cron?.stop();
    this.cron = null;
    this.expression = expression;
    if (!checkSchedule(expression).ok) return;
    this.cron = new Cron(expression, { protect: true, catch: true }, async (self: Cron) => {
      await this.fire(slotOf(self.currentRun() ?? new Date()));
    });
  }

  nextRun(): Date | null {
    return this.cron?.nextRun() ?? null;
  }

  stop(): void {
    this.cron?.stop();
    this.cron = null;
  }
}
