import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWasmSqliteStore } from '../store/wasm-sqlite';
import type { NewNightscoutDoc, Store } from '../store/types';
import { batchedDocWrites } from './batched-writes';

const NOW = Date.UTC(2026, 0, 5, 12);
let store: Store;
let memberId: number;

beforeAll(async () => {
  store = await openWasmSqliteStore();
  memberId = await store.insertMember({
    accountType: 2, email: 'batch@example.org', mobile: null, passwordHash: 'x', memberName: 'Batch', avatar: '', country: null, timeZone: 'Europe/London',
    birthday: null, gender: null, diabetesType: null, diagnosisYear: null, remarks: null, petType: null, breed: null, weight: null, insulinType: null,
    insulinFreq: null, insulinDose: null, syringeType: null, unit: 'mg/dL', targetLow: 70, targetHigh: 180, highAlert: 250, lowAlert: 70, urgentLowAlert: 55,
    urgentHighAlert: 300, createdAt: NOW,
  });
});
afterAll(() => store?.close());

const doc = (identifier: string, minutes: number): NewNightscoutDoc => {
  const date = NOW + minutes * 60_000;
  return { memberId, collection: 'entries', identifier, date, dedupKey: `sgv|${date}`, srvCreated: NOW, srvModified: NOW, isValid: true, doc: JSON.stringify({ type: 'sgv', sgv: 100, date }) };
};

describe('batchedDocWrites', () => {
  it('holds inserts until a read, which then sees them all; an update of a held document lands on it; one statement for the rest', async () => {
    const inserted: number[] = [];
    await store.transaction(async (transaction) => {
      // The transaction's store, counting the statements that insert documents.
      const counting = new Proxy(transaction, {
        get(target, property) {
          if (property === 'insertNightscoutDocs') return async (docs: NewNightscoutDoc[]) => (inserted.push(docs.length), target.insertNightscoutDocs(docs));
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const { store: batched, flush } = batchedDocWrites(counting);
      const first = await batched.insertNightscoutDoc(doc('held-a', 0));
      await batched.insertNightscoutDoc(doc('held-b', 5));
      expect(first).toBeLessThan(0);
      expect(await transaction.findNightscoutDoc(memberId, 'entries', { identifier: 'held-a' })).toBeUndefined();
      // A read through the batch writes what it holds first, in one statement.
      expect(await batched.findNightscoutDoc(memberId, 'entries', { identifier: 'held-b' })).toMatchObject({ identifier: 'held-b' });
      expect(inserted).toEqual([2]);
      await batched.insertNightscoutDoc(doc('held-c', 10));
      await batched.updateNightscoutDoc(first, { isValid: false });
      await batched.insertNightscoutDoc(doc('held-d', 15));
      await batched.insertNightscoutDoc(doc('held-e', 20));
      await flush();
      expect(inserted).toEqual([2, 1, 2]);
    });
    const rows = await store.listNightscoutDocs(memberId, 'entries', { order: 'date', desc: false, offset: 0, limit: 10, modifiedAfter: 0 });
    expect(rows.map((r) => [r.identifier, r.isValid])).toEqual([['held-a', false], ['held-b', true], ['held-c', true], ['held-d', true], ['held-e', true]]);
  });
});
