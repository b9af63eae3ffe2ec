import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import type { GlucoseSummary } from '@cgm-portal/glucose-metrics';
import { isolate, useTranslation } from '@cgm-portal/i18n';
import { useGlucoseFormat } from './glucose-format';
import { MetricTile } from './metric-tile';

/** Readings above, below and inside the target: counted from glucose-metrics' percentages of the same readings. */
export function rangeCounts(summary: Pick<GlucoseSummary, 'count' | 'tir' | 'tar' | 'tbr'>) {
  const of = (pct: number | null) => (pct == null ? 0 : Math.round((pct * summary.count) / 100));
  return { high: of(summary.tar), low: of(summary.tbr), normal: of(summary.tir) };
}

/**
 * Why pets see no GMI, eA1c or GRI: GMI (Bergenstal 2018) and eA1c (ADAG, Nathan 2008) are
 * regressions of human HbA1c on human mean glucose, and GRI (Klonoff 2023) is calibrated on
 * clinicians' ratings of human CGM traces. Cats and dogs have other red-cell lifespans and
 * glycation, and veterinarians follow fructosamine and glucose curves instead (AAHA 2018), so
 * these numbers would look precise while meaning nothing for the animal. They are withheld
 * with a note, not shown with a caveat.
 */
export function PetEstimatesNote() {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" data-testid="pet-estimates-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{`${t('report.gmi')}, ${t('report.eA1c')}, ${t('report.gri')}: ${t('agp.notApplicablePets')}`}</Alert.Title>
        <Alert.Description>{t('agp.petGoalsNote')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The statistics of a period. `brief` is the home screen's glucose metrics; `full` the report's. */
export function SummaryMetrics({ summary, isPet, detail }: { summary: GlucoseSummary; isPet: boolean; detail: 'brief' | 'full' }) {
  const { t } = useTranslation();
  const f = useGlucoseFormat();
  const counts = rangeCounts(summary);
  const mv = summary.maxVariation;
  const perMinute = `${f.unit}/${t('units.minuteShort')}`;
  const tiles: { id: string; label: string; value: string; unit?: string; hint?: string }[] = [
    { id: 'mean', label: t('report.average'), value: f.glucose(summary.mean), unit: f.unit },
    { id: 'tir', label: t('home.tir'), value: f.percent(summary.tir) },
    // GMI and estimated A1c each once, in both units: % (DCCT) as the figure, mmol/mol (IFCC) under it.
    ...(isPet
      ? []
      : [{ id: 'gmi', label: t('report.gmi'), value: f.number(summary.gmi, 1), unit: '%', hint: detail === 'full' ? `${isolate(`${f.number(summary.gmiMmolMol, 0)} ${t('units.mmolMol')}`)} · ${t('report.gmiLong')}` : t('report.gmiLong') }]),
    { id: 'cv', label: t('report.cv'), value: f.percent(summary.cv), hint: t('report.cvLong') },
    { id: 'activeTime', label: t('report.activeTime'), value: f.percent(summary.activePercent) },
  ];
  if (detail === 'full') {
    tiles.splice(
      2,
      0,
      { id: 'max', label: t('report.max'), value: f.glucose(summary.max), unit: f.unit },
      { id: 'min', label: t('report.min'), value: f.glucose(summary.min), unit: f.unit },
      { id: 'sd', label: t('report.sd'), value: f.glucoseDelta(summary.sd), unit: f.unit, hint: t('report.sdLong') },
    );
    tiles.push(
      { id: 'highCount', label: t('report.highCount'), value: f.number(counts.high, 0) },
      { id: 'lowCount', label: t('report.lowCount'), value: f.number(counts.low, 0) },
      { id: 'normalCount', label: t('report.normalCount'), value: f.number(counts.normal, 0) },
      ...(isPet
        ? []
        : [
            { id: 'eA1c', label: t('report.eA1c'), value: f.number(summary.eA1c, 1), unit: t('report.eA1cDcct'), hint: isolate(`${f.number(summary.eA1cMmolMol, 0)} ${t('report.eA1cIfcc')}`) },
            { id: 'gri', label: t('report.gri'), value: f.number(summary.gri, 1), hint: t('report.griLong') },
          ]),
      { id: 'mage', label: t('report.mage'), value: f.glucoseDelta(summary.mage), unit: f.unit, hint: t('report.mageLong') },
      { id: 'modd', label: t('report.modd'), value: f.glucoseDelta(summary.modd), unit: f.unit, hint: t('report.moddLong') },
      { id: 'lage', label: t('report.lage'), value: f.glucoseDelta(summary.lage), unit: f.unit, hint: t('report.lageLong') },
      {
        id: 'maxVariation',
        label: t('report.maxVariation'),
        value: f.glucoseDelta(mv?.maxAbsStep ?? null),
        unit: f.unit,
        hint: mv ? `↑ ${f.glucoseDelta(mv.maxRiseRate, 1)} · ↓ ${f.glucoseDelta(mv.maxFallRate, 1)} ${perMinute}` : undefined,
      },
      { id: 'dataRate', label: t('report.dataRate'), value: f.percent(summary.effectiveDataRate) },
    );
  }
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, md: 3, xl: detail === 'full' ? 5 : 5 }} gap="3">
        {tiles.map((tile) => (
          <MetricTile key={tile.id} testId={`metric-${tile.id}`} label={tile.label} value={tile.value} unit={tile.unit} hint={tile.hint} />
        ))}
      </SimpleGrid>
      {isPet && <PetEstimatesNote />}
    </Stack>
  );
}
