/**
 * LibreOffice fetches what documents link to while it converts them (a .doc's INCLUDEPICTURE
 * field, an image linked by URL: OPTIONS, HEAD and GET, from the server, to any address). So
 * soffice runs in a network namespace of its own, which has nothing but a loopback that is
 * down: no request leaves, not even to 127.0.0.1. This is the defence for every input,
 * the legacy binary .doc/.xls/.ppt included, whose links cannot be removed beforehand.
 *
 * Where no namespace can be made (a locked-down container without user namespaces), conversion
 * is refused rather than run with a network: `OFFICE_SANDBOX=none` says the operator has closed
 * the network another way (a Kubernetes NetworkPolicy denying the pod's egress, say).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type OfficeSandbox = 'netns' | 'none';

/** `OFFICE_SANDBOX`: `none` turns the namespace off; anything else (or nothing) keeps it. */
export function officeSandboxOf(env: NodeJS.ProcessEnv = process.env): OfficeSandbox {
  return env.OFFICE_SANDBOX?.trim().toLowerCase() === 'none' ? 'none' : 'netns';
}

/**
 * The ways to get a network namespace, tried in order: as root a plain one (needs
 * CAP_SYS_ADMIN), then inside a user namespace that maps us to root (needs user namespaces,
 * which a container may allow where it withholds CAP_SYS_ADMIN).
 */
const CANDIDATES = [['--net'], ['--map-root-user', '--net']].filter((args) => process.getuid?.() === 0 || args.length > 1);

const probes = new Map<string, Promise<{ args: string[] } | { failure: string }>>();

function tryUnshare(unshare: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(unshare, [...args, 'true'], { timeout: 10_000 }, (err, _stdout, stderr) =>
      resolve(err ? (stderr.trim() || err.message).slice(0, 300) : null),
    );
  });
}

/** The unshare arguments that make a namespace here, or why none do (asked once per binary). */
function probeNamespace(unshare: string) {
  let probe = probes.get(unshare);
  if (!probe) {
    probe = (async () => {
      const failures: string[] = [];
      for (const args of CANDIDATES) {
        const failure = await tryUnshare(unshare, args);
        if (failure === null) return { args };
        failures.push(failure);
      }
      return { failure: failures.join('; ') };
    })();
    probes.set(unshare, probe);
  }
  return probe;
}

export class OfficeSandboxError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'OfficeSandboxError';
  }
}

/**
 * The command line that runs `binary args` without network: `unshare --net -- binary args`.
 * `unshare` execs soffice in place, so killing the process group still reaches soffice.bin.
 */
export async function sandboxedCommand(
  binary: string,
  args: string[],
  sandbox: OfficeSandbox,
  unshare: string,
): Promise<{ command: string; args: string[] }> {
  if (sandbox === 'none') return { command: binary, args };
  const probe = await probeNamespace(unshare);
  if ('failure' in probe) {
    throw new OfficeSandboxError(
      `LibreOffice refused: no network namespace can be made here (${unshare}: ${probe.failure}). ` +
        'Allow user namespaces, or set OFFICE_SANDBOX=none only where the network is closed another way (e.g. a NetworkPolicy denying egress).',
    );
  }
  return { command: unshare, args: [...probe.args, '--', binary, ...args] };
}

/**
 * LibreOffice's own settings in the call's fresh profile, a second fence behind the namespace:
 * links in Writer and Calc documents are never updated on load, and links from documents
 * outside a trusted location are blocked.
 */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
</oor:items>
`;

/** Writes the settings into the profile folder soffice is pointed at (`-env:UserInstallation`). */
export async function prepareProfile(profileDir: string): Promise<void> {
  await mkdir(join(profileDir, 'user'), { recursive: true });
  await writeFile(join(profileDir, 'user', 'registrymodifications.xcu'), REGISTRY);
}
