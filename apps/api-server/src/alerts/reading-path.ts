import type { DocChange, NightscoutFeed } from '../nightscout/documents';
import { publishAll } from '../nightscout/feed';
import type { AlertService, LiveReading } from './alert-service';
import { trendOfDirection } from './rules';

/** The glucose reading a Nightscout change carries (a new or re-sent sgv entry), or null. */
export function readingOfChange(memberId: number, change: DocChange): LiveReading | null {
  if (change.collection !== 'entries' || change.kind === 'delete' || !change.row.isValid) return null;
  const doc = JSON.parse(change.row.doc) as Record<string, unknown>;
  if ((doc.type !== undefined && doc.type !== 'sgv') || typeof doc.sgv !== 'number' || !Number.isFinite(doc.sgv)) return null;
  return { memberId, time: change.row.date, mgdl: doc.sgv, trend: trendOfDirection(doc.direction) };
}

/**
 * The one path of a new reading after it is stored, whatever brought it (Nightscout API v1 or
 * v3, the sockets, the simulator, which uploads through the API): to the alert engine, which
 * also tells open pages.
 */
export function alertFeed(alerts: AlertService): NightscoutFeed {
  return {
    publish(memberId, change) {
      const reading = readingOfChange(memberId, change);
      if (reading) void alerts.readingArrived(reading);
    },
    publishBatch(memberId, changes) {
      const readings = changes.map((change) => readingOfChange(memberId, change)).filter((r): r is LiveReading => r !== null);
      if (readings.length > 0) void alerts.readingsArrived(memberId, readings);
    },
  };
}

/** Tells every feed of each change. */
export const allFeeds = (...feeds: NightscoutFeed[]): NightscoutFeed => ({
  publish: (memberId, change) => feeds.forEach((feed) => feed.publish(memberId, change)),
  publishBatch: (memberId, changes) => feeds.forEach((feed) => publishAll(feed, memberId, changes)),
});
