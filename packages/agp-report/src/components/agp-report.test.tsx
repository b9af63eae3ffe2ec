import { screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PET, demoReportModel } from '../fixtures';
import { renderReport } from '../test-utils';
import { ALL_DAY_CHARTS_PER_PAGE } from './page-geometry';

// A report renders thousands of SVG nodes; jsdom needs more than the default 5 s for the larger ones.
vi.setConfig({ testTimeout: 60_000 });

const headings = (root: HTMLElement) => Array.from(root.querySelectorAll('h1, h2, h3'), (h) => h.textContent);
const pagesOf = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>('section.agp-page'));
const kindsOf = (container: HTMLElement) => pagesOf(container).map((p) => p.dataset.pageKind);

describe('<AgpReport> in English', () => {
  const model = demoReportModel({ days: 14 });

  it('shows the translated section titles', async () => {
    const { article } = await renderReport({ model, detail: 'full' });
    const all = headings(article);
    const h = (name: string) => all.filter((text) => text === name);
    expect(h('AGP Report: Continuous Glucose Monitoring')).toHaveLength(1);
    expect(h('Glucose statistics and targets')).toHaveLength(1);
    expect(h('Time in ranges')).toHaveLength(1);
    expect(h('Glucose metrics')).toHaveLength(1);
    expect(h('Ambulatory Glucose Profile (AGP)')).toHaveLength(1);
    expect(h('Glucose profile, midnight to midnight')).toHaveLength(1);
    expect(h('Multi-day trend')).toHaveLength(1);
    expect(h('Daily glucose profiles')).toHaveLength(1);
    expect(h('All-day charts').length).toBeGreaterThan(0);
    expect(h('Daily statistics')).toHaveLength(1);
    expect(h('End of report')).toHaveLength(1);
    expect(h('Patient information')).toHaveLength(1);
    expect(h('Device information')).toHaveLength(1);
    // No key leaked through untranslated.
    const copy = article.cloneNode(true) as HTMLElement;
    copy.querySelector('style')!.remove();
    expect(copy.textContent).not.toMatch(/\b(agp|report|ranges|units|profile|session|common)\.[a-zA-Z]/);
  });

  it('prints the model numbers, formatted at display', async () => {
    const { container } = await renderReport({ model });
    const mean = container.querySelector('.agp-metric-mean .agp-metric-value')!;
    expect(mean.textContent).toBe(`${Math.round(model.metrics.meanMgdl!)} mg/dL`);
    const gmi = container.querySelector('.agp-metric-gmi .agp-metric-value')!.textContent!;
    expect(gmi).toContain(`${model.metrics.gmiPercent!.toFixed(1)}%`);
    expect(gmi).toContain(`${Math.round(model.metrics.gmiMmolMol!)} mmol/mol`);
    const tir = container.querySelectorAll('table.agp-targets tbody tr')[0]!;
    expect(tir.textContent).toContain(`${Math.round(model.consensusTimeInRanges!.target)}%`);
    expect(container.querySelector('.agp-metric-gri')!.textContent).toContain(`${Math.round(model.metrics.gri!.value)}`);
  });

  it('converts to mmol/L only at display (mg/dL ÷ 18)', async () => {
    const mmol = demoReportModel({ days: 14, unit: 'mmol/L' });
    const { container } = await renderReport({ model: mmol });
    expect(container.querySelector('.agp-metric-mean .agp-metric-value')!.textContent).toBe(`${(mmol.metrics.meanMgdl! / 18).toFixed(1)} mmol/L`);
    // The range is one isolate (U+2068 … U+2069), so right-to-left pages keep "3.9–10.0" in order,
    // and one unbreakable piece (a word joiner after the dash, a no-break space before the unit).
    const targetLine = [...container.querySelectorAll('.agp-statistics p')].find((p) => p.textContent?.startsWith('Target range'));
    expect(targetLine?.textContent).toBe('Target range \u20683.9\u2060–\u206010.0\u00a0mmol/L\u2069');
  });

  it('never prints a result that reads as its goal threshold', async () => {
    const consensusTimeInRanges = { veryLow: 1.2, low: 2.76, target: 69.6, high: 22, veryHigh: 4.44 };
    const { container } = await renderReport({ model: { ...demoReportModel({ days: 7 }), consensusTimeInRanges } });
    const results = Array.from(container.querySelectorAll('table.agp-targets tbody tr td.agp-num'), (td) => td.textContent);
    // In range 69.6 (not "70%" beside >70%), below 70 3.96 (not "4%" beside <4%), below 54 1.2 (not "1%" beside <1%).
    expect(results).toEqual(['69.6%', '3.96%', '1.2%', '26%', '4%']);
  });

  it('marks the goal set that applies to the member', async () => {
    const { container } = await renderReport({ model: { ...demoReportModel({ days: 7 }), goalSet: 'olderHighRisk' } });
    expect(container.querySelector('th.agp-goal-active')!.textContent).toBe('Goals for older or high-risk people with diabetes');
  });

  it('lists the low and high glucose events with their mean duration, as LibreView’s AGP does', async () => {
    const events = {
      lowBelowMgdl: 70,
      highAboveMgdl: 180,
      low: { count: 3, perDay: 0.2, meanDurationMinutes: 42.4, meanGlucose: 61, events: [] },
      high: { count: 0, perDay: 0, meanDurationMinutes: 0, meanGlucose: null, events: [] },
    };
    const { container } = await renderReport({ model: { ...model, glucoseEvents: events } });
    const low = container.querySelector('[data-testid="agp-events-low"]')!;
    expect(low.textContent).toContain('Low glucose events');
    expect(low.textContent).toContain('3');
    expect(low.textContent).toContain('Average duration 42 min');
    const high = container.querySelector('[data-testid="agp-events-high"]')!;
    expect(high.textContent).toContain('High glucose events0');
    expect(container.querySelector('.agp-events')!.textContent).toContain('below 70 or above 180 mg/dL');
  });

  it('shows patient and device information', async () => {
    await renderReport({ model });
    expect(screen.getByText('Alex Martin')).toBeTruthy();
    expect(screen.getByText('Type 1 diabetes')).toBeTruthy();
    expect(screen.getByText('Demo CGM G1')).toBeTruthy();
    expect(screen.getByText('14 days of data')).toBeTruthy();
  });
});

describe('<AgpReport> for a pet', () => {
  it('shows the pet, and says GMI and eA1c do not apply to cats and dogs', async () => {
    const model = demoReportModel({ days: 14, subject: DEMO_PET });
    const { container } = await renderReport({ model });
    expect(headings(container)).toContain('Pet information');
    for (const text of ['Miso', 'Cat', 'British Shorthair', 'Insulin glargine', 'U-100', '5.4', '10 years old']) expect(screen.getByText(text)).toBeTruthy();
    expect(container.querySelector('.agp-metric-gmi')!.textContent).toContain('Not applicable to cats and dogs');
    expect(container.querySelector('.agp-metric-ea1c')!.textContent).toContain('Not applicable to cats and dogs');
    expect(container.querySelector('.agp-metric-gmi')!.textContent).not.toMatch(/\d/);
    expect(container.querySelector('.agp-gri-chart')).toBeNull();
    expect(screen.queryByText('Goals for type 1 and type 2 diabetes')).toBeNull();
    expect(screen.getAllByText(/Ask your veterinarian/).length).toBeGreaterThan(0);
  });
});

describe('<AgpReport> with too little data', () => {
  it('shows "AGP report needs at least 5 days of data" instead of the AGP sections', async () => {
    const model = demoReportModel({ days: 14, daysWithReadings: 4 });
    const { container } = await renderReport({ model, layout: 'print' });
    expect(screen.getByText('AGP report needs at least 5 days of data')).toBeTruthy();
    expect(kindsOf(container)).toEqual(['summary']);
    expect(headings(container)).not.toContain('Ambulatory Glucose Profile (AGP)');
    expect(headings(container)).not.toContain('Daily glucose profiles');
    expect(screen.getByText('4 days of data')).toBeTruthy();
  });
});

describe('<AgpReport layout="print">', () => {
  const model = demoReportModel({ days: 30 });

  it('starts every section but the first on a new page, with the paper size', async () => {
    const { container } = await renderReport({ model, layout: 'print', pageSize: 'A4', detail: 'full' });
    const pages = pagesOf(container);
    expect(kindsOf(container)).toEqual([
      'agp',
      'daily-profiles',
      'daily-profiles',
      'daily-profiles',
      'trend',
      ...Array(Math.ceil(30 / ALL_DAY_CHARTS_PER_PAGE.A4)).fill('all-day-charts'),
      'daily-statistics',
      'end',
    ]);
    expect(pages[0]!.style.breakBefore).toBe('');
    for (const page of pages.slice(1)) expect(page.style.breakBefore).toBe('page');
    const css = container.querySelector('style')!.textContent!;
    expect(css).toContain('@page { size: A4;');
    expect(css).toContain('break-before: page');
    expect(screen.getByText(`Page 1 of ${pages.length}`)).toBeTruthy();
  });

  it('uses US Letter when asked', async () => {
    const { container } = await renderReport({ model, layout: 'print', pageSize: 'Letter', detail: 'full' });
    expect(container.querySelector('style')!.textContent).toContain('@page { size: letter;');
    expect(container.querySelectorAll('[data-page-kind="all-day-charts"]')).toHaveLength(Math.ceil(30 / ALL_DAY_CHARTS_PER_PAGE.Letter));
  });

  it('puts the latest 14 days on page 2, a week per row, and the earlier days in the detail', async () => {
    const { container } = await renderReport({ model, layout: 'print', detail: 'full' });
    const dailyPages = Array.from(container.querySelectorAll<HTMLElement>('.agp-daily-profiles'));
    expect(dailyPages.map((p) => Number(p.dataset.days))).toEqual([14, 14, 2]);
    // The chart's own data table lists one row per day drawn.
    const rows = Array.from(dailyPages[0]!.querySelectorAll('figure table tbody tr'));
    expect(rows).toHaveLength(14);
    const first = DateTime.fromISO(model.days[16]!.date);
    expect(rows[0]!.textContent).toContain(first.toFormat('d'));
  });

  it('is the two pages of the IDC AGP by default: statistics, time in ranges, GRI and the AGP on page 1, daily profiles on page 2', async () => {
    for (const pageSize of ['A4', 'Letter'] as const) {
      const { container, unmount } = await renderReport({ model, layout: 'print', pageSize });
      expect(kindsOf(container)).toEqual(['agp', 'daily-profiles']);
      const [first, second] = pagesOf(container);
      expect(headings(first!)).toEqual(
        expect.arrayContaining(['Glucose statistics and targets', 'Glucose metrics', 'Time in ranges', 'Ambulatory Glucose Profile (AGP)']),
      );
      expect(first!.querySelector('.agp-metric-gri')).not.toBeNull();
      expect(headings(second!)).toContain('Daily glucose profiles');
      expect(screen.getByText('Page 2 of 2')).toBeTruthy();
      unmount();
    }
  });

  it('draws charts as static SVG at the page width, with no page break inside the screen layout', async () => {
    const { container } = await renderReport({ model, layout: 'print' });
    expect(container.querySelectorAll('svg').length).toBeGreaterThan(10);
    const screenRender = await renderReport({ model, layout: 'screen' });
    for (const page of pagesOf(screenRender.container)) expect(page.style.breakBefore).toBe('');
    expect(screenRender.container.querySelector('style')!.textContent).not.toContain('@page');
  });
});

describe('<AgpReport> right to left', () => {
  it('sets dir="rtl" and lang on the root for Arabic and Persian, and keeps the charts left to right', async () => {
    const { container } = await renderReport({ model: demoReportModel({ days: 7, language: 'ar' }), detail: 'full' });
    const root = container.querySelector('article')!;
    expect(root.getAttribute('dir')).toBe('rtl');
    expect(root.getAttribute('lang')).toBe('ar');
    const svgs = Array.from(container.querySelectorAll('svg')).filter((svg) => !svg.parentElement?.closest('svg'));
    expect(svgs.length).toBeGreaterThan(5);
    for (const svg of svgs) expect([svg.getAttribute('class'), svg.style.direction]).toEqual([svg.getAttribute('class'), 'ltr']);
  });

  it('keeps ltr for Chinese', async () => {
    const { container } = await renderReport({ model: demoReportModel({ days: 7, language: 'zh' }) });
    expect(container.querySelector('article')!.getAttribute('dir')).toBe('ltr');
  });
});
