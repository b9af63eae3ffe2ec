import { Box, Button, Field, HStack, Input, NativeSelect, Progress, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError, type ImportSummary } from '@cgm-portal/api-client';
import { formatDateTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../session/session-context';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { MetricTile, Section } from '../glucose/metric-tile';
import {
  defaultExportDays,
  downloadText,
  exportSpan,
  IMPORT_FORMATS,
  MAX_IMPORT_MB,
  nothingToAdd,
  progressOf,
  timeZoneChoices,
  type ImportStage,
} from './data-transfer-model';

/** Settings → Import data and Export data (issue 10). */
export function DataTransferPanel() {
  return (
    <Stack gap="4" data-testid="data-transfer-panel">
      <ImportSection />
      <ExportSection />
    </Stack>
  );
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

function ImportSection() {
  const { t } = useTranslation();
  const { language: lang } = useLanguage();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const { timeZone: memberZone } = useMemberGlucoseSettings();
  const zones = useMemo(() => timeZoneChoices(memberZone), [memberZone]);
  const [file, setFile] = useState<File | null>(null);
  // Until the user picks one, the zone follows the member's, which may arrive after the first render.
  const [pickedZone, setZone] = useState<string | null>(null);
  const zone = pickedZone ?? memberZone;
  const [stage, setStage] = useState<ImportStage>('idle');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = stage === 'checking' || stage === 'writing';

  const reset = () => {
    setSummary(null);
    setError(null);
    setStage('idle');
  };

  async function preview() {
    if (!file) return;
    reset();
    if (file.size > MAX_IMPORT_MB * 1024 * 1024) {
      setError(t('dataTransfer.fileTooLarge', { size: MAX_IMPORT_MB }));
      return;
    }
    try {
      setStage('checking');
      // The file itself is the request body: the browser streams it, nothing holds it as text.
      setSummary(await api.previewImportFile({ fileName: file.name, timeZone: zone, file }));
      setStage('previewed');
    } catch (e) {
      setError(errorText(e, t('errors.generic')));
      setStage('idle');
    }
  }

  async function commit() {
    if (!file) return;
    setError(null);
    setStage('writing');
    try {
      const done = await api.commitImportFile({ fileName: file.name, timeZone: zone, file });
      setSummary(done);
      setStage('done');
      // Every glucose view reads from the query cache: refresh it all.
      await queryClient.invalidateQueries();
      toaster.create({ type: 'success', title: t('dataTransfer.done') });
    } catch (e) {
      setError(errorText(e, t('errors.generic')));
      setStage('previewed');
    }
  }

  const progress = progressOf(stage);
  const stageLabel = stage === 'checking' ? t('dataTransfer.checking') : stage === 'writing' ? t('dataTransfer.importing') : null;
  const dateOrderLabel = summary?.dateOrder
    ? t(summary.dateOrder === 'dayFirst' ? 'dataTransfer.dateOrderDayFirst' : summary.dateOrder === 'monthFirst' ? 'dataTransfer.dateOrderMonthFirst' : 'dataTransfer.dateOrderYearFirst')
    : null;
  const dateTime = (ms: number) => formatDateTime(ms, { zone: memberZone, lang });
  const written = stage === 'done';

  return (
    <Section title={t('dataTransfer.importTitle')} testId="import-section">
      <Stack gap="4">
        <Text color="fg.muted">{t('dataTransfer.importHint', { formats: IMPORT_FORMATS })}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{t('dataTransfer.file')}</Field.Label>
            <Input
              type="file"
              p="1"
              accept=".csv,.json,.txt,text/csv,application/json"
              data-testid="import-file"
              disabled={busy}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('dataTransfer.timeZone')}</Field.Label>
            <NativeSelect.Root disabled={busy}>
              <NativeSelect.Field
                data-testid="import-zone"
                value={zone}
                onChange={(e) => {
                  setZone(e.target.value);
                  reset();
                }}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('dataTransfer.timeZoneHint')}</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <HStack>
          <Button onClick={preview} disabled={!file || busy} loading={stage === 'checking'} data-testid="import-preview">
            {t('dataTransfer.preview')}
          </Button>
        </HStack>

        {busy && (
          <Box data-testid="import-progress">
            <Progress.Root value={progress} size="sm" aria-label={stageLabel ?? undefined}>
              <HStack justify="space-between">
                <Progress.Label>{stageLabel}</Progress.Label>
                {progress !== null && <Progress.ValueText />}
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        )}

        <ErrorAlert message={error} />

        {summary && (
          <Stack gap="3" data-testid={written ? 'import-result' : 'import-preview-result'}>
            <Text fontWeight="semibold">{written ? t('dataTransfer.done') : t('dataTransfer.previewTitle')}</Text>
            {!written && <Text color="fg.muted">{t('dataTransfer.previewHint')}</Text>}
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              <MetricTile label={t('dataTransfer.readings')} value={summary.readings.added} hint={written ? t('dataTransfer.added') : t('dataTransfer.toAdd')} testId="import-readings-added" />
              <MetricTile label={t('dataTransfer.readings')} value={summary.readings.duplicates} hint={t('dataTransfer.duplicates')} testId="import-readings-duplicates" />
              <MetricTile label={t('dataTransfer.events')} value={summary.events.added} hint={written ? t('dataTransfer.added') : t('dataTransfer.toAdd')} testId="import-events-added" />
              <MetricTile label={t('dataTransfer.events')} value={summary.events.duplicates} hint={t('dataTransfer.duplicates')} testId="import-events-duplicates" />
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('dataTransfer.fileType', { format: summary.format })}
              {dateOrderLabel && ` · ${t('dataTransfer.dateOrder', { order: dateOrderLabel })}`}
              {summary.first !== null && summary.last !== null && ` · ${t('dataTransfer.period', { from: dateTime(summary.first), to: dateTime(summary.last) })}`}
              {` · ${t('dataTransfer.ignored', { n: summary.ignored })}`}
            </Text>
            {summary.rejectedTotal > 0 && (
              <Box>
                <Text fontWeight="semibold" mb="1">
                  {t('dataTransfer.rejected', { n: summary.rejectedTotal })}
                  {summary.rejected.length < summary.rejectedTotal && ` (${t('dataTransfer.rejectedShown', { shown: summary.rejected.length, total: summary.rejectedTotal })})`}
                </Text>
                <Box maxH="240px" overflowY="auto" borderWidth="1px" borderRadius="md">
                  <Table.Root size="sm" data-testid="import-rejected">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('dataTransfer.line')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('dataTransfer.reason')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {summary.rejected.map((r) => (
                        <Table.Row key={`${r.line}-${r.reason}`}>
                          <Table.Cell>{r.line}</Table.Cell>
                          <Table.Cell dir="ltr">{r.reason}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              </Box>
            )}
            {!written && (
              <HStack>
                {nothingToAdd(summary) ? (
                  <Text data-testid="import-nothing">{t('dataTransfer.nothingToAdd')}</Text>
                ) : (
                  <Button colorPalette="blue" onClick={commit} loading={stage === 'writing'} disabled={busy} data-testid="import-commit">
                    {t('dataTransfer.commit')}
                  </Button>
                )}
                <Button variant="outline" onClick={reset} disabled={busy}>
                  {t('common.cancel')}
                </Button>
              </HStack>
            )}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  const { api } = useSession();
  const { timeZone } = useMemberGlucoseSettings();
  const [days, setDays] = useState(() => defaultExportDays(Date.now(), timeZone));
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const span = exportSpan(days.from, days.to, timeZone);

  async function download(format: 'csv' | 'json') {
    if (!span) return;
    setBusy(format);
    setError(null);
    try {
      const file = await api.exportData({ ...span, format });
      downloadText(file.fileName, file.contentType, file.content);
      toaster.create({ type: 'success', title: t('dataTransfer.exported', { readings: file.readings, events: file.events }) });
    } catch (e) {
      setError(errorText(e, t('errors.generic')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section title={t('dataTransfer.exportTitle')} testId="export-section">
      <Stack gap="4">
        <Text color="fg.muted">{t('dataTransfer.exportHint')}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="xl">
          <Field.Root invalid={!span}>
            <Field.Label>{t('dataTransfer.from')}</Field.Label>
            <Input type="date" value={days.from} data-testid="export-from" onChange={(e) => setDays((d) => ({ ...d, from: e.target.value }))} />
          </Field.Root>
          <Field.Root invalid={!span}>
            <Field.Label>{t('dataTransfer.to')}</Field.Label>
            <Input type="date" value={days.to} data-testid="export-to" onChange={(e) => setDays((d) => ({ ...d, to: e.target.value }))} />
            <Field.ErrorText>{t('dataTransfer.invalidPeriod')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <HStack>
          {(['csv', 'json'] as const).map((format) => (
            <Button key={format} variant="outline" disabled={!span || busy !== null} loading={busy === format} onClick={() => download(format)} data-testid={`export-${format}`}>
              {t('dataTransfer.downloadAs', { format: format.toUpperCase() })}
            </Button>
          ))}
        </HStack>
        <ErrorAlert message={error} />
      </Stack>
    </Section>
  );
}
