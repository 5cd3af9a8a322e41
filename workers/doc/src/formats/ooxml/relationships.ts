/**
 * OPC relationships (`_rels/*.rels`): which part a `r:id` points to. Used where part names alone
 * do not give the order (slides are numbered by creation, shown in `p:sldIdLst` order).
 */
import { parseXml } from './xml-dom.js';
import type { OoxmlPackage } from './zip-package.js';

const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export type Relationship = { type: string; target: string };

/** `a/b/../c.xml` -> `a/c.xml`; targets starting with `/` are package-absolute. */
function resolvePartName(baseDir: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : `${baseDir}${target}`).split('/');
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

/** Relationships of `partName` by id, targets resolved to part names (external targets left out). */
export function relationshipsOf(pkg: OoxmlPackage, partName: string): Map<string, Relationship> {
  const slash = partName.lastIndexOf('/');
  const dir = slash >= 0 ? partName.slice(0, slash + 1) : '';
  const relsName = `${dir}_rels/${partName.slice(slash + 1)}.rels`;
  const bytes = pkg.files.get(relsName);
  const out = new Map<string, Relationship>();
  if (!bytes) return out;
  for (const rel of Array.from(parseXml(bytes, relsName).getElementsByTagNameNS(RELATIONSHIPS_NS, 'Relationship'))) {
    if (rel.getAttribute('TargetMode') === 'External') continue;
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target) out.set(id, { type: rel.getAttribute('Type') ?? '', target: resolvePartName(dir, target) });
  }
  return out;
}
