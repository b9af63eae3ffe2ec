/**
 * What the server counts for its operators, said where it happens. Browser-safe: the app also
 * runs in MSW, where nothing listens; on Node, main.ts plugs in the Prometheus sink.
 */
export interface TelemetrySink {
  readingsIngested(count: number, source: string): void;
  importFinished(outcome: 'committed' | 'previewed' | 'refused'): void;
  alertRaised(kind: string): void;
  alertDelivered(channel: string, outcome: 'delivered' | 'failed' | 'expired'): void;
  pdfRendered(seconds: number, outcome: 'ok' | 'failed'): void;
  /** How long a PDF render waited for its turn in the render queue. */
  pdfQueueWaited(seconds: number): void;
}

const none: TelemetrySink = {
  readingsIngested() {},
  importFinished() {},
  alertRaised() {},
  alertDelivered() {},
  pdfRendered() {},
  pdfQueueWaited() {},
};

let sink: TelemetrySink = none;

export const telemetry: TelemetrySink = {
  readingsIngested: (count, source) => sink.readingsIngested(count, source),
  importFinished: (outcome) => sink.importFinished(outcome),
  alertRaised: (kind) => sink.alertRaised(kind),
  alertDelivered: (channel, outcome) => sink.alertDelivered(channel, outcome),
  pdfRendered: (seconds, outcome) => sink.pdfRendered(seconds, outcome),
  pdfQueueWaited: (seconds) => sink.pdfQueueWaited(seconds),
};

export function setTelemetrySink(next: TelemetrySink): void {
  sink = next;
}
