import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TelemetrySink } from './telemetry';

/** The Prometheus registry of this process: /metrics (token or own port; README, "Metrics"). */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cgm_' });

export const requestDuration = new Histogram({
  name: 'cgm_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const readings = new Counter({
  name: 'cgm_readings_ingested_total',
  help: 'Glucose readings stored, by source',
  labelNames: ['source'] as const,
  registers: [registry],
});
const imports = new Counter({
  name: 'cgm_imports_total',
  help: 'File imports, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const alertsRaised = new Counter({
  name: 'cgm_alerts_raised_total',
  help: 'Alerts raised, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const alertsDelivered = new Counter({
  name: 'cgm_alerts_delivered_total',
  help: 'Alert notifications sent, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});
const pdfRenders = new Histogram({
  name: 'cgm_pdf_render_duration_seconds',
  help: 'Time to render an AGP report PDF, by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
  registers: [registry],
});

const pdfQueueWaits = new Histogram({
  name: 'cgm_pdf_queue_wait_seconds',
  help: 'Time an AGP report PDF waited for a free render place',
  buckets: [0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 40, 80],
  registers: [registry],
});

export const prometheusSink: TelemetrySink = {
  readingsIngested: (count, source) => readings.inc({ source }, count),
  importFinished: (outcome) => imports.inc({ outcome }),
  alertRaised: (kind) => alertsRaised.inc({ kind }),
  alertDelivered: (channel, outcome) => alertsDelivered.inc({ channel, outcome }),
  pdfRendered: (seconds, outcome) => pdfRenders.observe({ outcome }, seconds),
  pdfQueueWaited: (seconds) => pdfQueueWaits.observe(seconds),
};

/** The exposition, or 401/404: with a token every listener answers it to a bearer; with a port, only that one. */
export async function metricsResponse(request: Request, token: string | undefined, ownPort: boolean): Promise<Response> {
  if (!ownPort) {
    if (!token) return new Response('Not found', { status: 404 });
    const digest = (value: string) => createHash('sha256').update(value).digest();
    if (!timingSafeEqual(digest(request.headers.get('authorization') ?? ''), digest(`Bearer ${token}`))) {
      return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    }
  }
  return new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' } });
}
