import { Alert, Box, Button, Card, Container, DataList, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { GlucoseUnit, Reading } from '@cgm-portal/api-client';
import { formatGlucose } from '@cgm-portal/charts';
import { summarize } from '@cgm-portal/glucose-metrics';
import { formatNumber, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSession } from '../../session/session-context';
import { AccessRefused, MonitorPanels } from './shared-member-monitor';
import { isAccessRefused, sharedMemberInfoQuery, sharedReadingsQuery } from './queries';

/** The detail's statistics cover the last 14 days: the consensus minimum for a CGM summary (Battelino et al., Diabetes Care 2019). */
export const DETAIL_DAYS = 14;

function PeriodStatistics({ readings, unit, timeZone }: { readings: readonly Reading[]; unit: GlucoseUnit; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const s = useMemo(() => summarize(readings, { timeZone }), [readings, timeZone]);
  const glucose = (v: number | null) => (v === null ? '–' : `${formatGlucose(v, unit, language)} ${unit}`);
  const percent = (v: number | null) => (v === null ? '–' : `${formatNumber(v, language)}%`);
  const items: [string, string][] = [
    [t('report.average'), glucose(s.mean)],
    [t('report.gmi'), percent(s.gmi)],
    [t('report.cv'), percent(s.cv)],
    [t('ranges.timeInRange'), percent(s.tir)],
    [t('ranges.timeAboveRange'), percent(s.tar)],
    [t('ranges.timeBelowRange'), percent(s.tbr)],
    [t('report.activeTime'), percent(s.activePercent)],
  ];
  return (
    <Card.Root as="section" aria-label={t('report.statistics')} data-testid="detail-statistics">
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {t('report.statistics')} · {t('report.days14')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The doctor's detail of one shared person (/doctorDetail/{id}). The route is public (spec §2),
 * so the page itself decides: it uses the portal's signed-in session (the xToken in storage,
 * never a token in the URL) and the server's answer. Without a session it asks to sign in and
 * comes back; with one, the server shows data only to the member themself or to an approved
 * follower while sharing is on, and anything else is explained instead of shown.
 */
export function DoctorDetail({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { api, token, variant } = useSession();
  const enabled = token !== null && Number.isSafeInteger(memberId) && memberId > 0;
  const info = useQuery({ ...sharedMemberInfoQuery(api, memberId), enabled });
  const live = useQuery({ ...sharedReadingsQuery(api, memberId, 24), enabled });
  const period = useQuery({ ...sharedReadingsQuery(api, memberId, DETAIL_DAYS * 24), enabled });
  const refused = !Number.isSafeInteger(memberId) || memberId <= 0 || [info, live, period].some((q) => isAccessRefused(q.error));
  const here = `/doctorDetail/${memberId}`;

  let body;
  if (token === null) {
    body = (
      <Alert.Root status="info" role="alert" data-testid="sign-in-required">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('followers.signInToView')}</Alert.Title>
        </Alert.Content>
        <Button asChild size="sm" colorPalette="brand">
          <Link to="/login" search={{ from: here }}>
            {t('routes.login')}
          </Link>
        </Button>
      </Alert.Root>
    );
  } else if (refused) {
    body = <AccessRefused hadData={info.data !== undefined || live.data !== undefined} />;
  } else if (info.isError || live.isError || period.isError) {
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('errors.generic')}</Alert.Title>
      </Alert.Root>
    );
  } else if (!info.data || !live.data) {
    body = <Text color="fg.muted">{t('common.loading')}</Text>;
  } else {
    const { unit, targetLow, targetHigh, memberName } = info.data;
    body = (
      <Stack gap="5" data-testid="doctor-detail">
        <Heading as="h2" size="lg" data-testid="shared-member-name">
          {memberName}
        </Heading>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('settings.glucoseUnit')}</DataList.ItemLabel>
            <DataList.ItemValue>{unit}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('settings.targetRange')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatGlucose(targetLow, unit)}–{formatGlucose(targetHigh, unit)} {unit}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('settings.timeZone')}</DataList.ItemLabel>
            <DataList.ItemValue>{live.data.timeZone}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <MonitorPanels readings={live.data.readings} unit={unit} timeZone={live.data.timeZone} now={live.dataUpdatedAt} fetchedAt={live.dataUpdatedAt} />
        {period.data && <PeriodStatistics readings={period.data.readings} unit={unit} timeZone={period.data.timeZone} />}
      </Stack>
    );
  }

  return (
    <Box minH="100vh" bg="page.bg">
      <Flex as="header" bg="header.bg" borderBottomWidth="1px" align="center" gap="4" px="4" h="14">
        <Text fontWeight="bold">{variant.logoText}</Text>
        <ChakraLink asChild fontSize="sm">
          <Link to="/">{t('errors.backHome')}</Link>
        </ChakraLink>
      </Flex>
      <Container as="main" id="main" maxW="6xl" py="6">
        <Stack gap="5">
          <Heading as="h1" size="2xl">
            {t('routes.doctorDetail')}
          </Heading>
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
