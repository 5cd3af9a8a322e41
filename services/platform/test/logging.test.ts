/**
 * The logger factory: one JSON object a line with the work's `request_id`, secrets replaced
 * whatever their depth of one, credentials in a logged URL's query hidden, settings checked.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, loadLogSettings, prettyLine, redactUrl, withRequestId } from '../src';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, destination: { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) } };
}

describe('createLogger', () => {
  it('adds the current request id, once, and nothing outside a request', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    logger.info('outside');
    withRequestId('rid-1', () => {
      logger.info('inside');
      // Fastify's per-request child is bound to the id already: it is not added a second time.
      logger.child({ request_id: 'rid-1' }).info('bound');
    });
    expect(lines.map((l) => [l.msg, l.request_id, l.name, l.level])).toEqual([
      ['outside', undefined, 'test', 'info'],
      ['inside', 'rid-1', 'test', 'info'],
      ['bound', 'rid-1', 'test', 'info'],
    ]);
  });

  it('never writes a secret field', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    logger.info({ password: 'p1', token: 't1', user: { secret: 's1', authorization: 'Bearer x', cookie: 'c' } }, 'login');
    logger.info({ req: { method: 'GET', url: '/translate?api_key=abc&q=1', headers: { authorization: 'Bearer y' } } }, 'req');
    const text = JSON.stringify(lines);
    for (const secret of ['p1', 't1', 's1', 'Bearer', '"c"', 'abc']) expect(text).not.toContain(secret);
    expect(lines[1]!.req).toEqual({ method: 'GET', url: '/translate?api_key=[redacted]&q=1' });
  });

  it('hides credentials in query strings only', () => {
    expect(redactUrl('/x?auth_key=1&token=2&text=hello&app_secret=3')).toBe(
      '/x?auth_key=[redacted]&token=[redacted]&text=hello&app_secret=[redacted]',
    );
    expect(redactUrl('/api/v1.0/text/query?task_id=abc')).toBe('/api/v1.0/text/query?task_id=abc');
  });

  it('writes human lines in the pretty format', () => {
    const line = prettyLine(
      JSON.stringify({ level: 'warn', time: '2026-11-27T10:11:12.345Z', name: 'gateway', msg: 'slow', request_id: 'r' }),
    );
    expect(line).toBe('10:11:12.345 WARN  gateway: slow  request_id=r\n');
  });
});

describe('loadLogSettings', () => {
  it('takes LOG_LEVEL and LOG_FORMAT, defaults per format, and refuses unknown values', () => {
    const defaults = { format: 'pretty' as const, level: { json: 'info', pretty: 'warn' } };
    expect(loadLogSettings({}, defaults)).toEqual({ format: 'pretty', level: 'warn' });
    expect(loadLogSettings({ LOG_FORMAT: 'json' }, defaults)).toEqual({ format: 'json', level: 'info' });
    expect(loadLogSettings({ LOG_FORMAT: 'JSON', LOG_LEVEL: 'debug' }, defaults)).toEqual({ format: 'json', level: 'debug' });
    expect(() => loadLogSettings({ LOG_FORMAT: 'xml' }, defaults)).toThrow(/LOG_FORMAT/);
    expect(() => loadLogSettings({ LOG_LEVEL: 'loud' }, defaults)).toThrow(/LOG_LEVEL/);
  });
});
