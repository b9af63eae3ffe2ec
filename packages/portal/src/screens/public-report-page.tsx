import { Box, Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReportDetail } from '@cgm-portal/agp-report';
import { QUERY_INTERNAL_TOKEN, type ReportData } from '@cgm-portal/api-client';
import { isLanguageCode, useTranslation, type LanguageCode } from '@cgm-portal/i18n';
import { ErrorAlert } from '@cgm-portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { AgpReportView } from '../features/agp-report/agp-report-view';
import { ReportDetailPicker } from '../features/agp-report/report-detail-picker';
import { AGP_DEFAULT_DAYS, reportPeriod } from '../features/agp-report/report-period';
import { usePrintLayout } from '../features/agp-report/use-print-layout';
import { useSession } from '../session/session-context';

/**
 * Where a public report's data comes from (spec §2 Routes): with `internalXToken` in the query
 * the id is a member id read with that token (report calls only, enforced by the server);
 * otherwise the id is an unguessable public link that the member created and can revoke.
 */
function useReportData(id: string, search: { from?: number; to?: number }) {
  const { api } = useSession();
  const internal = new URLSearchParams(window.location.search).has(QUERY_INTERNAL_TOKEN);
  const memberId = Number(id);
  return useQuery<ReportData>({
    queryKey: ['publicReport', id, internal, search.from, search.to],
    queryFn: ({ signal }) => {
      if (internal && Number.isInteger(memberId) && memberId > 0) {
        const period = search.from && search.to ? { from: search.from, to: search.to } : reportPeriod(AGP_DEFAULT_DAYS, Intl.DateTimeFormat().resolvedOptions().timeZone);
        return api.loadPackedReport({ memberId, ...period }, { signal });
      }
      return api.loadPackedPublicReport({ id }, { signal });
    },
    retry: false,
  });
}

function ReportStatus({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" as="main" px="4">
      {error ? (
        <Box data-report-error="true" maxW="lg" w="full">
          <ErrorAlert message={error.message || t('errors.generic')} />
        </Box>
      ) : (
        <Spinner size="lg" aria-label={t('common.loading')} />
      )}
    </Center>
  );
}

/** /report/{lang}/{id}: the report on screen, in the link's language, with a Print button. */
export function PublicReportPage() {
  const { t } = useTranslation();
  const { lang, id } = useParams({ from: '/report/$lang/$id' });
  const search = useSearch({ from: '/report/$lang/$id' });
  const report = useReportData(id, search);
  const { printing, print } = usePrintLayout();
  const [detail, setDetail] = useState<ReportDetail>('agp');
  const language: LanguageCode = isLanguageCode(lang) ? lang : 'en';
  if (!report.data) return <ReportStatus error={report.error} />;
  return (
    <Stack as="main" gap="4" p={{ base: '3', md: '6' }} maxW="1200px" mx="auto">
      <HStack justify="flex-end" flexWrap="wrap" gap="3" data-print-hide="">
        <ReportDetailPicker value={detail} onChange={setDetail} language={language} />
        <Button variant="outline" onClick={print}>
          {t('report.print', { lng: language })}
        </Button>
      </HStack>
      <AgpReportView data={report.data} language={language} layout={printing ? 'print' : 'screen'} detail={detail} />
    </Stack>
  );
}

/** /reportPdf/{id}: the print layout alone, what the server's PDF printer and the browser print. */
export function ReportPdfPage() {
  const { id } = useParams({ from: '/reportPdf/$id' });
  const search = useSearch({ from: '/reportPdf/$id' });
  const report = useReportData(id, search);
  const language: LanguageCode = isLanguageCode(search.lang) ? search.lang : 'en';
  if (!report.data) return <ReportStatus error={report.error} />;
  return (
    <main>
      <AgpReportView data={report.data} language={language} layout="print" pageSize={search.pageSize === 'Letter' ? 'Letter' : 'A4'} detail={search.detail ?? 'agp'} />
      <Text srOnly>{report.data.member.memberName}</Text>
    </main>
  );
}
