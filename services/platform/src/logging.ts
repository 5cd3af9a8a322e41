/**
 * The one way a process of the platform logs: pino, one JSON object a line (`LOG_FORMAT=json`,
 * what log collectors in a cluster read) or short human lines (`LOG_FORMAT=pretty`, for a
 * terminal). Every line written while some work is in progress carries its `request_id`
 * (request-context.ts), so the lines of one translation can be found across the gateway and the
 * workers. Fields that may hold a secret are replaced by `[redacted]` whatever the level.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger } from 'pino';
export type LogFormat = 'json' | 'pretty';

export type LogSettings = { level: string; format: LogFormat };

export type CreateLoggerOptions = Partial<LogSettings> & {
  /** The process's part (`gateway`, `mt-worker`), the `name` field of every line. */
  name: string;
  /** Where lines go; default stdout. */
  destination?: DestinationStream;
};

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * LOG_LEVEL and LOG_FORMAT, with this process's defaults where unset (a default level may depend
 * on the format: a terminal wants warnings, a collector wants info); a wrong value fails loudly.
 */
export function loadLogSettings(
  env: NodeJS.ProcessEnv,
  defaults: { format: LogFormat; level: string | Record<LogFormat, string> },
): LogSettings {
  const format = env.LOG_FORMAT?.trim().toLowerCase() || defaults.format;
  const fallback = typeof defaults.level === 'string' ? defaults.level : defaults.level[format as LogFormat];
  const level = env.LOG_LEVEL?.trim().toLowerCase() || fallback || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}: ${JSON.stringify(env.LOG_LEVEL)}`);
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty: ${JSON.stringify(env.LOG_FORMAT)}`);
  return { level, format };
}

/** Keys whose values never reach a log, at the top of a line or one object down. */
const SECRET_KEYS = ['authorization', 'cookie', 'password', 'secret', 'token', 'access_token', 'refresh_token', 'app_secret', 'api_key'];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];
/** Query parameters that carry credentials in some clients (LibreTranslate's api_key, DeepL's auth_key). */
const SECRET_QUERY = /([?&](?:[^=&]*(?:token|key|secret|password|auth)[^=&]*)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

const serializers = {
  // Fastify's request line: what was asked, never the headers (they hold tokens and cookies).
  req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
    method: req.method,
    url: redactUrl(req.url ?? ''),
    remote_address: req.ip ?? req.socket?.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ status_code: res.statusCode }),
  err: pino.stdSerializers.err,
};

export function createLogger(opts: CreateLoggerOptions): Logger {
  const format = opts.format ?? 'json';
  return pino(
    {
      name: opts.name,
      level: opts.level ?? 'info',
      base: { name: opts.name, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers,
      // The id of the work in progress, unless the line's logger is bound to one already (the
      // gateway's per-request loggers are), so no line carries the key twice.
      mixin: (_obj, _level, logger) => {
        const requestId = currentRequestId();
        return requestId && !('request_id' in logger.bindings()) ? { request_id: requestId } : {};
      },
    },
    opts.destination ?? (format === 'pretty' ? prettyStdout() : pino.destination({ dest: 1, sync: true })),
  );
}

/** A `log: (line) => void` callback (the services' style) writing at `level` through `logger`. */
export function lineLogger(logger: Logger, level: 'info' | 'warn' | 'error' = 'info'): (line: string) => void {
  return (line) => logger[level](line);
}

/**
 * A logger for the few lines that must always appear (a worker's ready line, the gateway's URL):
 * scripts and tests wait for them, whatever LOG_LEVEL says.
 */
export function announcer(logger: Logger): Logger {
  const child = logger.child({});
  child.level = 'info';
  return child;
}

const SKIPPED = new Set(['level', 'time', 'name', 'pid', 'hostname', 'msg']);

/** `12:00:01.234 INFO  gateway: msg key=value`: one readable line per JSON line. */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof o.time === 'string' ? o.time.slice(11, 23) : '';
  const level = String(o.level ?? '')
    .toUpperCase()
    .padEnd(5);
  const rest = Object.entries(o)
    .filter(([k]) => !SKIPPED.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `${time} ${level} ${o.name ?? ''}: ${o.msg ?? ''}${rest.length ? `  ${rest.join(' ')}` : ''}\n`;
}

function prettyStdout(): DestinationStream {
  return { write: (line) => void process.stdout.write(prettyLine(line.trimEnd())) };
}
