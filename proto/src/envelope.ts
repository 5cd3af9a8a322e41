import { Type, type Static, type TSchema } from 'typebox';

/** Every answer is `{code, msg, data}` (ARCHITECTURE.md conventions). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });

export const ErrorEnvelope = Envelope(Type.Null());
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export type EnvelopeOf<T> = { code: number; msg: string; data: T };

/** A route's 200 answer: the envelope whose data is `T` on success and null on a coded failure. */
export const Reply = <T extends TSchema>(data: T) => Envelope(Type.Union([data, Type.Null()]));
