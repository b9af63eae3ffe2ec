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
  /**
   * The changes of one request together (a phone's hour of entries), where the feed can tell
   * them at once: each message to another server is a NOTIFY, delivered to every server.
   */
  publishBatch?(memberId: number, changes: readonly DocChange[]): void;
}

/** Tells a feed of one request's changes: together where it can, one by one otherwise. */
export function publishAll(feed: NightscoutFeed | undefined, memberId: number, changes: readonly DocChange[]): void {
  if (!feed || changes.length === 0) return;
  if (feed.publishBatch) feed.publishBatch(memberId, changes);
  else for (const change of changes) feed.publish(memberId, change);
}

/**
 * Carries one request's changes to the other servers sharing the database, which tell their own
 * sockets (scale-out/nightscout-relay.ts); send answers false when it could not take them.
 */
export interface ChangeRelay {
  send(memberId: number, changes: readonly DocChange[]): boolean;
  onChanges(receiver: (memberId: number, changes: readonly DocChange[]) => void): void;
}
