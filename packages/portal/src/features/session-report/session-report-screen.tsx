import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { MAX_READINGS_SPAN_MS, type SensorSession } from '@cgm-portal/api-client';
import { SessionOverview } from '@cgm-portal/charts';
import { effectiveDataRate } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../session/session-context';
import { useChartLabels } from '../glucose/chart-labels';
import { toChartSessions } from '../glucose/chart-sessions';
import { devicesQuery, readingsQuery, sessionsQuery } from '../glucose/glucose-queries';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { Section } from '../glucose/metric-tile';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../glucose/query-states';
import { useNow } from '../glucose/use-now';
import { Pager } from '../glucose/pager';
import { SessionEditDialog } from './session-edit-dialog';

const STATUS_COLOR: Record<SensorSession['status'], string> = { initializing: 'blue', active: 'green', expired: 'orange', ended: 'gray' };

/** Session report (spec §2): every sensor session with its device, states and data rate, and the edit dialog. */
export function SessionReportScreen() {
  const { t } = useTranslation();
  const { api } = useSession();
  const format = useGlucoseFormat();
  const labels = useChartLabels();
  const now = useNow(60_000);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(10);
  const [editing, setEditing] = useState<SensorSession | null>(null);
  const sessions = useQuery(sessionsQuery(api, page, rows));
  const devices = useQuery(devicesQuery(api));
  const list = sessions.data?.rows ?? [];

  // One readings query covering the page's sessions gives each its data rate.
  const span = useMemo(() => {
    if (!list.length) return null;
    const to = Math.max(...list.map((s) => s.endTime ?? Math.min(s.expireTime, now)));
    const from = Math.max(Math.min(...list.map((s) => s.warmupEndTime)), to - MAX_READINGS_SPAN_MS);
    // Minute-aligned so the key does not change on every render.
    return from < to ? { from: Math.floor(from / 60_000) * 60_000, to: Math.ceil(to / 60_000) * 60_000 } : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessions.data]);
  const readings = useQuery({ ...readingsQuery(api, span ?? { from: 0, to: 1 }), enabled: span !== null });
  const dataRates = useMemo(() => {
    const all = readings.data?.readings ?? [];
    return new Map(
      list.map((s) => {
        const end = s.endTime ?? now;
        return [s.id, readings.data ? effectiveDataRate(all.filter((r) => r.time >= s.warmupEndTime && r.time < end)) : undefined];
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readings.data, sessions.data]);
  const modelOf = (s: SensorSession) => devices.data?.rows.find((d) => d.memberDeviceId === s.memberDeviceId)?.model ?? '—';

  if (sessions.isPending) return <LoadingBlock lines={4} height="40px" />;
  if (sessions.isError) return <ErrorBlock error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (!sessions.data.total) return <EmptyBlock message={t('session.noSessions')} />;

  return (
    <Stack gap="4" data-testid="session-report">
      <Section title={t('session.sessions')}>
        <SessionOverview
          sessions={toChartSessions(list)}
          start={Math.min(...list.map((s) => s.startTime))}
          end={Math.max(...list.map((s) => s.endTime ?? s.expireTime))}
          now={now}
          timeZone={format.timeZone}
          locale={format.chartLocale}
          direction={format.dir}
          labels={labels.sessions}
        />
      </Section>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" data-testid="session-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('session.deviceSn')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('session.model')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('session.start')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('session.end')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('common.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('session.dataRate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('common.note')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('common.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((s) => (
              <Table.Row key={s.id} data-session-id={s.id}>
                <Table.Cell>{s.sn}</Table.Cell>
                <Table.Cell>{modelOf(s)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{format.dateTime(s.startTime)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{s.endTime ? format.dateTime(s.endTime) : `(${format.dateTime(s.expireTime)})`}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLOR[s.status]}>{t(`session.${s.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{dataRates.get(s.id) === undefined ? '…' : format.percent(dataRates.get(s.id))}</Table.Cell>
                <Table.Cell data-testid="session-note">{s.note}</Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => setEditing(s)}>
                    {t('session.edit')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pager page={page} rows={rows} total={sessions.data.total} onPage={setPage} onRows={(r) => { setRows(r); setPage(1); }} />
      {editing && <SessionEditDialog session={editing} timeZone={format.timeZone} onClose={() => setEditing(null)} />}
      <HStack>
        <Text fontSize="xs" color="fg.muted">
          {t('session.timeZone')}: {format.timeZone}
        </Text>
      </HStack>
    </Stack>
  );
}
