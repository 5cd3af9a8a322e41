/**
 * The MT port over the bus: which pairs can be translated comes from the devices that report
 * in (the device registry), the translation itself is a request to the pool's workers. It is
 * the same in both modes: in-process workers also report and serve over the in-process bus.
 */
import {
  AppError,
  BUS,
  LANGUAGES,
  pairDetail,
  type Domain,
  type GlossaryEntry,
  type LanguageCode,
  type TranslateTextRequest,
} from '@mtp/proto';
import { BusError, requestOf, type Bus } from '@mtp/platform';
import type { DeviceRegistry } from '@mtp/ops';
import type { MtPort, MtResult, PairRoute } from './ports';

const PIVOT: LanguageCode = 'en-us';
/** How long the pool's loaded pairs are reused (`available`). */
const AVAILABLE_FOR_MS = 250;

/**
 * `dedicated`: an enterprise's own pool, where no responder means its devices are offline (the
 * user is told so). `waiting`: none of them serves now, but work waits for them: routes come from
 * what its devices had loaded when last seen.
 */
export type PoolMode = { dedicated?: boolean; waiting?: boolean };

export class BusMtClient implements MtPort {
  constructor(
    private readonly bus: Bus,
    private readonly devices: Pick<DeviceRegistry, 'list'>,
    private readonly pool: string = 'default',
    private readonly mode: PoolMode = {},
  ) {}

  private known: { at: number; pairs: Map<string, string> } | null = null;

  /**
   * Model versions of every pair an online device of the pool has loaded. Remembered for
   * AVAILABLE_FOR_MS: every text call asks (a copy of every device's record each time, at a
   * thousand calls a second), while devices report every few seconds. Only what was there is
   * reused: a pair missing from the remembered map is looked up afresh (`route`), so a device
   * that has just reported in (a gateway's first heartbeats after a restart) serves at once.
   */
  private remembered(): Map<string, string> | undefined {
    return this.known && Date.now() - this.known.at < AVAILABLE_FOR_MS ? this.known.pairs : undefined;
  }

  /** The pool's loaded pairs read now from the device records, and remembered. */
  private readPairs(): Map<string, string> {
    const pairs = new Map<string, string>();
    for (const device of this.devices.list({ pool: this.pool, online: this.mode.waiting ? undefined : true })) {
      for (const pair of device.loaded_pairs) pairs.set(pair, device.model_versions?.[pair] ?? '');
    }
    this.known = { at: Date.now(), pairs };
    return pairs;
  }

  route(src: LanguageCode, tgt: LanguageCode): PairRoute {
    const remembered = this.remembered();
    const route = remembered && this.routeIn(remembered, src, tgt);
    return route && route.kind !== 'unavailable' ? route : this.routeIn(this.readPairs(), src, tgt);
  }

  private routeIn(pairs: Map<string, string>, src: LanguageCode, tgt: LanguageCode): PairRoute {
    const direct = `${src}_${tgt}`;
    if (src !== tgt && pairs.has(direct)) return { kind: 'direct', legs: [[src, tgt]], modelVersion: pairs.get(direct)! };
    const legs: [LanguageCode, LanguageCode][] = [
      [src, PIVOT],
      [PIVOT, tgt],
    ];
    if (src !== tgt && src !== PIVOT && tgt !== PIVOT && legs.every(([s, t]) => pairs.has(`${s}_${t}`))) {
      return { kind: 'pivot', legs, modelVersion: legs.map(([s, t]) => pairs.get(`${s}_${t}`)).join('+') };
    }
    return { kind: 'unavailable', legs: [], modelVersion: '' };
  }

  async translate(texts: string[], src: LanguageCode, tgt: LanguageCode, domain: Domain, glossary?: GlossaryEntry[]): Promise<MtResult> {
    const request: TranslateTextRequest = { texts, src_lang: src, tgt_lang: tgt, domain, ...(glossary?.length ? { glossary } : {}) };
    try {
      const reply = await requestOf(this.bus, BUS.translateText, request, { pool: this.pool });
      return { translations: reply.translations, engine: reply.engine, modelVersion: reply.model_version };
    } catch (err) {
      if (err instanceof BusError && err.code === 'no_responders' && this.mode.dedicated)
        // The enterprise's devices are all offline, drained or disabled (its fallback is `wait`).
        throw new AppError('DEVICE_POOL_OFFLINE', undefined, { cause: err });
      if (err instanceof BusError && err.code === 'no_responders')
        // No device serves the pair right now: the user reads the pair's names; the log the cause.
        throw new AppError('PAIR_UNAVAILABLE', pairDetail(src, tgt), { cause: err });
      throw err;
    }
  }

  /** Every ordered pair of platform languages with its route. */
  routes(): { src: LanguageCode; tgt: LanguageCode; route: PairRoute }[] {
    const pairs = this.readPairs();
    return LANGUAGES.flatMap((src) =>
      LANGUAGES.filter((tgt) => tgt !== src).map((tgt) => ({ src, tgt, route: this.routeIn(pairs, src, tgt) })),
    );
  }
}
