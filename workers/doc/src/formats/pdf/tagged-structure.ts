/**
 * Tagged PDFs (Word's and InDesign's exports, most office output today) record which marked
 * content belongs to which paragraph, table cell or list item. Geometry alone cannot tell three
 * short form labels stacked at one line spacing, or list items whose bullets are pictures, from
 * the lines of one paragraph; the structure tree can. We only ever use it to separate blocks,
 * never to join text that geometry keeps apart (InDesign puts a whole row of form labels in one P).
 */

/** A paragraph-level structure element; runs compare owners by identity. */
export type StructureElement = { role: string };

/**
 * Roles whose content reads as a block of its own (ISO 32000 standard structure types, after the
 * file's RoleMap, which pdf.js applies). Inline roles (Span, Link, Quote, Reference, Lbl...) and
 * groupings (Sect, Div, Table, L, TR) are not here: a run belongs to the nearest of these above it.
 */
const BLOCK_ROLES = new Set([
  'P',
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'Title',
  'LI',
  'TD',
  'TH',
  'Caption',
  'TOCI',
  'BlockQuote',
  'Note',
  'FENote',
]);

type StructNode = { role?: string; type?: string; id?: string; children?: StructNode[] };

/**
 * Marked-content id (as pdf.js names it in text content, e.g. `p3R_mc12`) → the block-level
 * element that owns it. Empty for untagged pages (pdf.js gives no tree).
 */
export function blockOwners(tree: unknown): Map<string, StructureElement> {
  const owners = new Map<string, StructureElement>();
  const walk = (node: StructNode, owner: StructureElement | undefined) => {
    if (node.type === 'content') {
      if (owner && typeof node.id === 'string') owners.set(node.id, owner);
      return;
    }
    const own = node.role && BLOCK_ROLES.has(node.role) ? { role: node.role } : owner;
    for (const child of node.children ?? []) walk(child, own);
  };
  if (tree && typeof tree === 'object') walk(tree as StructNode, undefined);
  return owners;
}

/** pdf.js marked-content items, interleaved with the text items when `includeMarkedContent` is set. */
type MarkedContentItem = { type?: string; id?: string | null };

/**
 * For each text item, the owner of the innermost marked content with an id around it
 * (undefined outside tagged content, e.g. artifacts). Items that are not text map to nothing.
 */
export function ownersOfItems(items: readonly unknown[], owners: ReadonlyMap<string, StructureElement>): Map<unknown, StructureElement> {
  const result = new Map<unknown, StructureElement>();
  if (owners.size === 0) return result;
  const open: (string | undefined)[] = [];
  for (const item of items) {
    const marked = item as MarkedContentItem;
    if (marked.type === 'beginMarkedContent' || marked.type === 'beginMarkedContentProps') open.push(marked.id ?? undefined);
    else if (marked.type === 'endMarkedContent') open.pop();
    else {
      const id = open.findLast((candidate) => candidate !== undefined);
      const owner = id === undefined ? undefined : owners.get(id);
      if (owner) result.set(item, owner);
    }
  }
  return result;
}
