/**
 * pdf.js's legacy build (the one that runs in Node) bundles core-js polyfills that *replace*
 * working built-ins of the whole process, not just add missing ones: on Node 20 it swaps in
 * JavaScript versions of `Array.prototype.push` (about 2x slower) and `JSON.stringify` (about 10x
 * slower, for a proposal's `rawJSON`). Every HTTP answer, bus message and query parameter of the
 * platform would pay for it. This module, imported just before pdf.js, records the built-ins;
 * `restoreNativeBuiltins()`, called just after, puts back any that pdf.js replaced. What pdf.js
 * adds (Promise.withResolvers, Uint8Array.prototype.toHex, ...) stays: it needs those.
 */
const HOLDERS: Record<string, object> = {
  Array: Array,
  'Array.prototype': Array.prototype,
  JSON: JSON,
  Object: Object,
  Promise: Promise,
  'Promise.prototype': Promise.prototype,
  'String.prototype': String.prototype,
  'Map.prototype': Map.prototype,
  'Set.prototype': Set.prototype,
  'Uint8Array.prototype': Uint8Array.prototype,
  'TypedArray.prototype': Object.getPrototypeOf(Uint8Array.prototype) as object,
  'ArrayBuffer.prototype': ArrayBuffer.prototype,
  Math: Math,
  'RegExp.prototype': RegExp.prototype,
};

const recorded = new Map<object, Map<PropertyKey, unknown>>();
for (const holder of Object.values(HOLDERS)) {
  const functions = new Map<PropertyKey, unknown>();
  for (const key of Reflect.ownKeys(holder)) {
    const value = Object.getOwnPropertyDescriptor(holder, key)?.value;
    if (typeof value === 'function') functions.set(key, value);
  }
  recorded.set(holder, functions);
}

/** Puts back every recorded built-in that has been replaced since; answers their names. */
export function restoreNativeBuiltins(): string[] {
  const restored: string[] = [];
  for (const [name, holder] of Object.entries(HOLDERS)) {
    for (const [key, native] of recorded.get(holder)!) {
      const descriptor = Object.getOwnPropertyDescriptor(holder, key);
      if (!descriptor || descriptor.value === native) continue;
      Object.defineProperty(holder, key, { ...descriptor, value: native });
      restored.push(`${name}.${String(key)}`);
    }
  }
  return restored;
}
