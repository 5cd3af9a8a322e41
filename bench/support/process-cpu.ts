/**
 * CPU seconds of processes, read from /proc (Linux only), for benches that split the work done
 * between the platform's processes: a process's own utime + stime, optionally with its children
 * (those it has waited for, `cutime + cstime`, and the live ones, recursively). PostgreSQL's
 * backends are children of the postmaster, so the postmaster's tree is the database's whole CPU.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks a second (`getconf CLK_TCK`; 100 on every Linux we run on). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

type Stat = { ppid: number; comm: string; own: number; waitedChildren: number };

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone
  }
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17, ppid 4.
  const at = (field: number) => Number(fields[field - 3]);
  return { ppid: at(4), comm, own: (at(14) + at(15)) / TICKS, waitedChildren: (at(16) + at(17)) / TICKS };
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && readStat(pid)?.ppid === ppid) out.push(pid);
  }
  return out;
}

/** The process's own CPU seconds (threads included, children not). */
export function ownCpuSeconds(pid: number): number {
  return readStat(pid)?.own ?? 0;
}

/** The process's CPU seconds with all its children's, finished and running. */
export function treeCpuSeconds(pid: number): number {
  const stat = readStat(pid);
  if (!stat) return 0;
  return stat.own + stat.waitedChildren + childrenOf(pid).reduce((n, child) => n + treeCpuSeconds(child), 0);
}

/** A child of `parent` running the program `comm` (the NATS server the bench started, say). */
export function findChild(parent: number, comm: string): number | undefined {
  return childrenOf(parent).find((pid) => readStat(pid)?.comm === comm);
}

/** This machine in words: cores and CPU model. */
export function describeMachine(): string {
  const cpus = os.cpus();
  return `${os.availableParallelism()} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the start`;
}
