/** Paper the print layout is made for. */
export type PageSize = 'A4' | 'Letter';

/** Page margin, mm (every side). */
export const PAGE_MARGIN_MM = 12;

const PX_PER_MM = 96 / 25.4;

/** Paper size in mm: ISO 216 A4 and US Letter (8.5 × 11 in). */
export const PAPER_MM: Readonly<Record<PageSize, { width: number; height: number }>> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
};

/** Width of the printable area in CSS px, the width charts are drawn at in print. */
export function contentWidthPx(size: PageSize): number {
  return Math.floor((PAPER_MM[size].width - 2 * PAGE_MARGIN_MM) * PX_PER_MM);
}

/** Full-day traces per page of the all-day charts: 6 fit the taller A4 sheet, 5 fit Letter. */
export const ALL_DAY_CHARTS_PER_PAGE: Readonly<Record<PageSize, number>> = { A4: 6, Letter: 5 };

/** Rows of the daily statistics table per page: a month. */
export const DAILY_STATISTICS_ROWS_PER_PAGE = 31;
