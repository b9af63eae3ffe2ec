import { Table } from '@chakra-ui/react';
import { RANGE_KEYS } from '@cgm-portal/charts';
import type { HourBlockRanges } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useGlucoseFormat } from '../glucose/glucose-format';

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Spec §2/§9 "6-hour TIR": the time in each range for each quarter of the day. */
export function SixHourTir({ blocks }: { blocks: readonly HourBlockRanges[] }) {
  const { t } = useTranslation();
  const format = useGlucoseFormat();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="six-hour-tir">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('report.timeOfDay')}</Table.ColumnHeader>
            {[...RANGE_KEYS].reverse().map((k) => (
              <Table.ColumnHeader key={k} textAlign="end">
                {t(`ranges.${k}`)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('agp.readingsColumn')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {blocks.map((b) => (
            <Table.Row key={b.startHour}>
              <Table.Cell>{`${clock(b.startHour)}–${clock(b.endHour)}`}</Table.Cell>
              {[...RANGE_KEYS].reverse().map((k) => (
                <Table.Cell key={k} textAlign="end">
                  {b.count ? format.percent(b[k]) : '—'}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="end">{format.number(b.count, 0)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
