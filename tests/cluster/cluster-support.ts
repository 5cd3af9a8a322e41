/**
 * What the cluster suites share: a GET on a new connection (a shared port hands out connections,
 * not requests, in turn), and the processes below a process, read from /proc.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** GET on a connection of its own (`agent: false`: `Connection: close`, never reused). */
export function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Every process whose parent chain leads to `root` (Linux /proc). */
export async function descendantsOf(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(Number(name), ppid);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** Whether the process is gone (a zombie not yet reaped counts as gone: it runs nothing). */
export function isGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
