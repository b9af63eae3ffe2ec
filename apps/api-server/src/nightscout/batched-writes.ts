import type { NewNightscoutDoc, Store } from '../store/types';

/**
 * A store for one batch of Nightscout writes (a phone's hour of entries) that holds the new
 * documents back and inserts them in one statement: at the end of the batch, or as soon as the
 * batch touches stored documents in any other way (a lookup, an update, a delete), so every read
 * sees every earlier write of the batch, as row by row. Until then an inserted document carries a
 * stand-in id (negative); an update naming one is applied to the document once it has its own.
 * `store` is a transaction's: a nested transaction runs on it, through this batch.
 */
export function batchedDocWrites(store: Store): { store: Store; flush(): Promise<void> } {
  let held: NewNightscoutDoc[] = [];
  let base = 0;
  const ids = new Map<number, number>();
  const flush = async () => {
    if (held.length === 0) return;
    const docs = held;
    const first = base;
    held = [];
    base -= docs.length;
    const stored = await store.insertNightscoutDocs(docs);
    stored.forEach((id, i) => ids.set(first - 1 - i, id));
  };
  const real = (id: number) => (id < 0 ? ids.get(id)! : id);
  const overrides: Partial<Store> = {
    transaction: (work) => work(batched),
    async insertNightscoutDoc(doc) {
      held.push(doc);
      return base - held.length;
    },
    async updateNightscoutDoc(id, patch) {
      await flush();
      return store.updateNightscoutDoc(real(id), patch);
    },
    async deleteNightscoutDoc(id) {
      await flush();
      return store.deleteNightscoutDoc(real(id));
    },
    async findNightscoutDoc(...args) {
      await flush();
      return store.findNightscoutDoc(...args);
    },
    async findNightscoutDocsByDedup(...args) {
      await flush();
      return store.findNightscoutDocsByDedup(...args);
    },
    async listNightscoutDocs(...args) {
      await flush();
      return store.listNightscoutDocs(...args);
    },
    async nightscoutLastModified(...args) {
      await flush();
      return store.nightscoutLastModified(...args);
    },
  };
  const batched: Store = new Proxy(store, {
    get(target, property, receiver) {
      if (property in overrides) return overrides[property as keyof Store];
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: batched, flush };
}
