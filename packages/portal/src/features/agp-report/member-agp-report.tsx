import { Alert, Button, HStack, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import type { ReportDetail } from '@cgm-portal/agp-report';
import { hasEnoughDataForAgp } from '@cgm-portal/glucose-metrics';
import { useLanguage, useTranslation } from '@cgm-portal/i18n';
import { ErrorAlert, toaster } from '@cgm-portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context';
import { AgpReportView } from './agp-report-view';
import { downloadReportPdf } from './pdf-download';
import { ReportDetailPicker } from './report-detail-picker';
import { reportPeriod } from './report-period';
import { AGP_PERIOD_PICKS, useAgpPeriodSearch } from './report-search';
import { ShareLinks } from './share-links';
import { usePrintLayout } from './use-print-layout';

/**
 * The member's AGP report in the app (issue 9): period picker, Print (the browser prints the
 * print layout: the page switches to it, prints, and switches back) and Download PDF (the
 * server prints the same layout with headless Chromium). The period is in the URL (report-search).
 */
export function MemberAgpReport() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { api, memberSettings, userInfo } = useSession();
  const [days, setDays] = useAgpPeriodSearch();
  const { printing, print } = usePrintLayout();
  const [downloading, setDownloading] = useState(false);
  const [detail, setDetail] = useState<ReportDetail>('agp');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const period = reportPeriod(days, memberSettings.timeZone);
  const report = useQuery({
    queryKey: ['agpReport', days, memberSettings.timeZone],
    queryFn: ({ signal }) => api.loadPackedReport(period, { signal }),
    placeholderData: keepPreviousData,
  });


  const download = async () => {
    setPdfError(null);
    setDownloading(true);
    try {
      await downloadReportPdf({ ...period, lang: language, pageSize: 'A4', detail }, language, `agp-report-${userInfo?.memberId ?? ''}-${days}d.pdf`);
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : t('errors.generic'));
      toaster.create({ type: 'error', title: t('errors.generic') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3" data-print-hide="">
        <SegmentGroup.Root
          size="sm"
          value={String(days)}
          onValueChange={(e) => {
            const picked = AGP_PERIOD_PICKS.find((d) => String(d) === e.value);
            if (picked) setDays(picked);
          }}
          aria-label={t('report.period')}
        >
          {/* Solid, as the glucose report's period buttons: the chosen period must not look disabled. */}
          <SegmentGroup.Indicator bg="brand.solid" />
          {AGP_PERIOD_PICKS.map((d) => (
            <SegmentGroup.Item key={d} value={String(d)} _checked={{ color: 'brand.contrast' }}>
              <SegmentGroup.ItemText>{t(`report.days${d}`)}</SegmentGroup.ItemText>
              <SegmentGroup.ItemHiddenInput />
            </SegmentGroup.Item>
          ))}
        </SegmentGroup.Root>
        <HStack gap="2" flexWrap="wrap">
          <ReportDetailPicker value={detail} onChange={setDetail} language={language} />
          <Button variant="outline" onClick={print} disabled={!report.data}>
            {t('report.print')}
          </Button>
          <Button colorPalette="brand" onClick={() => void download()} loading={downloading} loadingText={t('report.generatingPdf')} disabled={!report.data}>
            {t('report.downloadPdf')}
          </Button>
        </HStack>
      </HStack>
      <ErrorAlert message={pdfError} />
      {report.isPending && <Text color="fg.muted">{t('common.loading')}</Text>}
      {report.isError && <ErrorAlert message={report.error.message} />}
      {report.data && !hasEnoughDataForAgp(report.data.readings, { timeZone: report.data.member.timeZone }) && (
        // Spec §8: with under 5 days of data there is no AGP; say so before the (short) report.
        <Alert.Root status="info" data-testid="agp-not-generated" data-print-hide="">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('report.notGenerated5Days')}</Alert.Title>
            <Alert.Description>{t('report.agpNeeds5Days')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {report.data && <AgpReportView data={report.data} language={language} layout={printing ? 'print' : 'screen'} detail={detail} />}
      <div data-print-hide="">
        <ShareLinks />
      </div>
    </Stack>
  );
}
