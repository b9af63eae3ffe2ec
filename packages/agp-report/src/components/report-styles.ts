import { PAGE_MARGIN_MM, PAPER_MM, type PageSize } from './page-geometry';

/**
 * The report's stylesheet, scoped under `.agp-report`. The report is a clinical document, laid out
 * like the IDC AGP report whatever the portal variant: plain CSS, not the variant's theme, so screen,
 * browser print and the headless-Chromium PDF share one layout.
 */
export function reportStyles(layout: 'screen' | 'print', pageSize: PageSize): string {
  const paper = PAPER_MM[pageSize];
  const common = `
.agp-report { font-family: system-ui, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC', 'Noto Sans Armenian', sans-serif; color: #1f2933; font-size: 12px; line-height: 1.35; background: #fff; }
.agp-report *, .agp-report *::before, .agp-report *::after { box-sizing: border-box; }
.agp-report h1 { font-size: 18px; margin: 0; }
.agp-report h2 { font-size: 14px; margin: 0 0 6px; padding: 3px 8px; background: #1f2933; color: #fff; border-radius: 2px; }
.agp-report h3 { font-size: 12px; margin: 8px 0 4px; }
.agp-report p { margin: 4px 0; }
.agp-report .agp-hint { color: #4b5563; font-size: 11px; }
.agp-report .agp-note { color: #4b5563; font-size: 11px; border-inline-start: 3px solid #9ca3af; padding-inline-start: 6px; }
.agp-report .agp-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; align-items: start; }
.agp-report .agp-header-grid { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr); gap: 12px; margin-top: 4px; }
.agp-report .agp-summary-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; align-items: start; }
.agp-report .agp-table-scroll { max-width: 100%; overflow-x: auto; }
.agp-report table.agp-targets td:not(.agp-num) { white-space: nowrap; }
.agp-report .agp-block { margin-bottom: 10px; break-inside: avoid; }
.agp-report dl.agp-facts { display: grid; grid-template-columns: fit-content(50%) minmax(0, 1fr); gap: 2px 10px; margin: 0; }
.agp-report dl.agp-facts dt { color: #4b5563; }
.agp-report dl.agp-facts dd { margin: 0; font-weight: 600; }
.agp-report table { border-collapse: collapse; width: 100%; }
.agp-report th, .agp-report td { border-bottom: 1px solid #e5e7eb; padding: 2px 4px; text-align: start; vertical-align: top; }
.agp-report td.agp-num, .agp-report th.agp-num { text-align: end; font-variant-numeric: tabular-nums; }
.agp-report thead th { background: #f3f4f6; font-weight: 600; }
.agp-report thead th.agp-goal-active { background: #d1d5db; border-bottom: 2px solid #1f2933; }
.agp-report .agp-met { color: #1e7b34; font-weight: 700; }
.agp-report .agp-not-met { color: #8e0e1c; font-weight: 700; }
.agp-report .agp-big { font-size: 20px; font-weight: 700; }
.agp-report .agp-metric { display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; padding: 4px 0; border-bottom: 1px solid #e5e7eb; }
.agp-report .agp-metric-name { font-weight: 600; }
.agp-report .agp-metric-sub { color: #4b5563; font-size: 11px; grid-column: 1 / -1; }
.agp-report .agp-ltr { direction: ltr; unicode-bidi: isolate; }
.agp-report .agp-day { margin-bottom: 6px; break-inside: avoid; }
.agp-report .agp-day h3 { margin: 0 0 2px; }
.agp-report .agp-message { font-size: 16px; font-weight: 700; padding: 16px; border: 2px solid #b06f00; border-radius: 4px; background: #fff7e6; }
.agp-report .agp-page-head { display: flex; justify-content: space-between; gap: 8px; color: #4b5563; font-size: 10px; border-bottom: 1px solid #d1d5db; margin-bottom: 8px; padding-bottom: 2px; }
.agp-report .agp-page-foot { color: #4b5563; font-size: 10px; text-align: end; margin-top: 8px; }
.agp-report figure { margin: 0; }
.agp-report .agp-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
  if (layout === 'screen') {
    return `${common}
.agp-report.agp-screen { max-width: 1100px; margin: 0 auto; }
.agp-report.agp-screen .agp-page { padding: 16px; margin-bottom: 16px; border: 1px solid #e5e7eb; border-radius: 6px; }
@media (max-width: 720px) {
  .agp-report .agp-grid, .agp-report .agp-header-grid, .agp-report .agp-summary-grid { grid-template-columns: minmax(0, 1fr); }
  .agp-report.agp-screen .agp-page { padding: 8px; }
  .agp-report table.agp-targets td:not(.agp-num) { white-space: normal; }
}
`;
  }
  return `${common}
@page { size: ${pageSize === 'A4' ? 'A4' : 'letter'}; margin: ${PAGE_MARGIN_MM}mm; }
.agp-report.agp-print { font-size: 10.5px; line-height: 1.25; }
.agp-report.agp-print h1 { font-size: 15px; }
.agp-report.agp-print h2 { font-size: 12px; margin-bottom: 4px; padding: 2px 6px; }
.agp-report.agp-print h3 { font-size: 11px; margin: 2px 0; }
.agp-report.agp-print p { margin: 2px 0; }
.agp-report.agp-print .agp-hint, .agp-report.agp-print .agp-note { font-size: 9.5px; }
.agp-report.agp-print .agp-big { font-size: 15px; }
.agp-report.agp-print .agp-block { margin-bottom: 6px; }
.agp-report.agp-print .agp-metric { padding: 2px 0; }
.agp-report.agp-print .agp-metric-sub { font-size: 9.5px; }
/* Low and high events side by side: page 1 has no line to spare in the longer languages. */
.agp-report.agp-print .agp-events { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: 12px; }
.agp-report.agp-print .agp-events > h2, .agp-report.agp-print .agp-events > p { grid-column: 1 / -1; }
.agp-report.agp-print .agp-table-scroll { overflow: visible; }
.agp-report.agp-print { width: ${paper.width}mm; }
.agp-report.agp-print .agp-page { width: ${paper.width}mm; min-height: ${paper.height}mm; padding: ${PAGE_MARGIN_MM}mm; margin: 0 auto 8mm; box-shadow: 0 1px 4px rgba(0,0,0,.25); background: #fff; display: flex; flex-direction: column; }
.agp-report.agp-print .agp-page-body { flex: 1; }
.agp-report.agp-print .agp-page + .agp-page { break-before: page; }
@media print {
  .agp-report.agp-print { width: auto; }
  .agp-report.agp-print .agp-page { width: auto; min-height: 0; padding: 0; margin: 0; box-shadow: none; display: block; }
  .agp-report * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
}
