import type { NightscoutCollection, NightscoutDocRow } from '../store/types';

/** One change to a member's Nightscout documents, as the live feed tells it. */
export interface DocChange {
  collection: NightscoutCollection;
  kind: 'create' | 'update' | 'delete';
  row: NightscoutDocRow;
}

/**
 * Who is told of every change (the websocket feed on Node); absent in the browser. Apart from
 * documents.ts so that the HTTP layer's Deps can name it without importing the write path.
 */
export interface NightscoutFeed {
  publish(memberId: number, change: DocChange): void;
}
