import { Badge, Button, CloseButton, DataList, Dialog, Portal, Stack, Table, Tabs } from '@chakra-ui/react';
import type { EventType, GlucoseEvent } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context';
import { eventDescription } from '../glucose/event-text';
import { eventsQuery } from '../glucose/glucose-queries';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { Pager } from '../glucose/pager';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../glucose/query-states';
import { DetectedLowEpisodes } from './detected-episodes';

/** Spec §2: the filter tabs, in the spec's order; each is the i18n key of events.tabs. */
export const EVENT_TABS = [
  { key: 'all', type: undefined },
  { key: 'bg', type: 'BG' },
  { key: 'meal', type: 'meal' },
  { key: 'sport', type: 'sport' },
  { key: 'insulin', type: 'insulin' },
  { key: 'alert', type: 'alert' },
  { key: 'calibration', type: 'calibration' },
  { key: 'meds', type: 'meds' },
  { key: 'weight', type: 'weight' },
] as const satisfies readonly { key: string; type: EventType | undefined }[];

const tabKeyOf = (type: EventType) => EVENT_TABS.find((tab) => tab.type === type)!.key;

/** Event list (spec §2): tabs by type; columns event type, description, note, time, detail; paged. */
export function EventListScreen() {
  const { t } = useTranslation();
  const { api } = useSession();
  const format = useGlucoseFormat();
  const [tab, setTab] = useState<(typeof EVENT_TABS)[number]['key']>('all');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(10);
  const [detail, setDetail] = useState<GlucoseEvent | null>(null);
  const type = EVENT_TABS.find((x) => x.key === tab)!.type;
  const query = useQuery(eventsQuery(api, { page, rows, eventType: type }));

  return (
    <Stack gap="4" data-testid="event-list">
      <Tabs.Root
        value={tab}
        onValueChange={(e) => {
          setTab(e.value as typeof tab);
          setPage(1);
        }}
        colorPalette="brand"
        variant="line"
      >
        <Tabs.List flexWrap="wrap">
          {EVENT_TABS.map((x) => (
            <Tabs.Trigger key={x.key} value={x.key}>
              {t(`events.tabs.${x.key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Every tab controls a panel (aria-controls must point at one); only the chosen one holds the list. */}
        {EVENT_TABS.map((x) => (
          <Tabs.Content key={x.key} value={x.key} pt="4">
            {x.key === tab ? (
              <>
                {query.isPending ? (
                  <LoadingBlock lines={5} height="32px" />
                ) : query.isError ? (
                  <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
                ) : query.data.total === 0 ? (
                  <EmptyBlock message={t('events.noEvents')} />
                ) : (
                  <>
                    <Table.ScrollArea borderWidth="1px" borderRadius="md">
                      <Table.Root size="sm" data-testid="event-table" opacity={query.isPlaceholderData ? 0.6 : 1}>
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>{t('events.columns.eventType')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('events.columns.description')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('events.columns.note')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('events.columns.time')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('events.columns.detail')}</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {query.data.rows.map((e) => (
                            <Table.Row key={e.id} data-event-type={e.eventType}>
                              <Table.Cell>
                                <Badge>{t(`events.tabs.${tabKeyOf(e.eventType)}`)}</Badge>
                              </Table.Cell>
                              <Table.Cell>{eventDescription(e, t, format)}</Table.Cell>
                              <Table.Cell>{e.note}</Table.Cell>
                              <Table.Cell whiteSpace="nowrap">{format.dateTime(e.time)}</Table.Cell>
                              <Table.Cell>
                                <Button size="xs" variant="outline" onClick={() => setDetail(e)}>
                                  {t('common.details')}
                                </Button>
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Table.ScrollArea>
                    <Pager page={page} rows={rows} total={query.data.total} onPage={setPage} onRows={(r) => { setRows(r); setPage(1); }} />
                  </>
                )}
              </>
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {(tab === 'all' || tab === 'alert') && <DetectedLowEpisodes />}
      {detail && (
        <Dialog.Root open onOpenChange={(e) => !e.open && setDetail(null)} placement="center">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>{t(`events.tabs.${tabKeyOf(detail.eventType)}`)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <DataList.Root orientation="horizontal">
                    {[
                      [t('events.columns.time'), format.dateTime(detail.time)],
                      [t('events.columns.description'), eventDescription(detail, t, format)],
                      [t('events.columns.note'), detail.note || '—'],
                    ].map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel>{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </Stack>
  );
}
