import { Type, type TLiteral, type TUnion } from 'typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** A union schema of string literals whose static type is the union of those strings. */
export function literalUnion<const T extends readonly string[]>(values: T): TUnion<Literals<T>> {
  return Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Literals<T>>;
}
