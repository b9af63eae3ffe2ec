import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino from 'pino';

/** The request a line belongs to: every log line written while serving it carries its id. */
export interface RequestContext {
  requestId: string;
  /** The route pattern that answered (set by the API's middleware), for the access line. */
  route?: string;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * The server's one logger: JSON lines on stdout (pino), with the request id mixed in. What is
 * logged is chosen, never dumped: no bodies, no headers, no query strings, no URLs with
 * parameters (the access line names the route pattern), so no glucose value, password, code,
 * token or upload secret reaches the log. The redact list is a second belt for error objects.
 */
export const log = pino(
  {
    level: process.env.CGM_LOG_LEVEL || 'info',
    base: { service: 'cgm-portal' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { requestId: context.requestId } : {};
    },
    redact: {
      paths: ['password', 'token', 'code', 'secret', 'apiSecret', '*.password', '*.token', '*.code', '*.secret', '*.headers'],
      censor: '[redacted]',
    },
  },
  // CGM_LOG_FILE: the lines go to that file as well (the browser tests audit a whole run's log).
  process.env.CGM_LOG_FILE
    ? pino.multistream([{ stream: process.stdout }, { stream: pino.destination({ dest: process.env.CGM_LOG_FILE, sync: true, mkdir: true }) }])
    : process.stdout,
);

/**
 * Routes the code's `console.*` through the logger, so lines written anywhere (the browser-safe
 * app uses console) are JSON with the request id too.
 */
export function routeConsoleToLog(): void {
  const write = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const err = args.find((a): a is Error => a instanceof Error);
    const text = format(...args.filter((a) => a !== err).map((a) => (typeof a === 'string' ? a.replace(/:\s*$/, '') : a)));
    if (err) log[level]({ err: { type: err.name, message: err.message, stack: err.stack } }, text);
    else log[level](text);
  };
  // eslint-disable-next-line no-console -- replaced so that stray console.log lines are JSON too
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
}
