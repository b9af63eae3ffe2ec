import type { Paging } from '../store/types';

/** The contract counts pages from 1 with `rows` a page; the store takes an offset and a limit. */
export const paging = (page: number, rows: number): Paging => ({ offset: (page - 1) * rows, limit: rows });
