import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { useState } from 'react';
import { ChoiceButtons } from '../glucose/choice-buttons';
import { localDate, PERIOD_PICKS, validateCustomRange, type Period } from '../glucose/periods';

/** Quick picks of spec §2/§9 and a custom range of local dates (both included). */
export function PeriodPicker({ value, onChange, timeZone, now }: { value: Period; onChange: (p: Period) => void; timeZone: string; now: number }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(value.pick === 'custom');
  const [fromDate, setFrom] = useState(value.pick === 'custom' ? value.fromDate : localDate(now - 13 * 86_400_000, timeZone));
  const [toDate, setTo] = useState(value.pick === 'custom' ? value.toDate : localDate(now, timeZone));
  const [error, setError] = useState<string | null>(null);
  // The value also changes from outside (a link to the report, Back): the picker follows it.
  const valueKey = value.pick === 'custom' ? `custom:${value.fromDate}:${value.toDate}` : value.pick;
  const [shownKey, setShownKey] = useState(valueKey);
  if (shownKey !== valueKey) {
    setShownKey(valueKey);
    setCustom(value.pick === 'custom');
    if (value.pick === 'custom') {
      setFrom(value.fromDate);
      setTo(value.toDate);
    }
    setError(null);
  }
  const picks = [...PERIOD_PICKS.map((p) => ({ value: p as string, label: t(`report.${p}`) })), { value: 'custom', label: t('report.custom') }];
  return (
    <Stack gap="3">
      <ChoiceButtons
        label={t('report.period')}
        options={picks}
        value={custom ? 'custom' : value.pick}
        onChange={(pick) => {
          if (pick === 'custom') return setCustom(true);
          setCustom(false);
          onChange({ pick: pick as Exclude<Period['pick'], 'custom'> });
        }}
      />
      {custom && (
        <HStack
          as="form"
          align="flex-end"
          gap="3"
          flexWrap="wrap"
          onSubmit={(e) => {
            e.preventDefault();
            const problem = validateCustomRange(fromDate, toDate, timeZone);
            setError(problem);
            if (!problem) onChange({ pick: 'custom', fromDate, toDate });
          }}
        >
          <Field.Root w="auto" invalid={!!error}>
            <Field.Label>{t('report.from')}</Field.Label>
            <Input type="date" name="fromDate" value={fromDate} max={toDate} onChange={(e) => setFrom(e.target.value)} />
          </Field.Root>
          <Field.Root w="auto" invalid={!!error}>
            <Field.Label>{t('report.to')}</Field.Label>
            <Input type="date" name="toDate" value={toDate} onChange={(e) => setTo(e.target.value)} />
            <Field.ErrorText>{error && t(error)}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            {t('common.apply')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
