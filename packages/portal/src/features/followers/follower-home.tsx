import { Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FollowerStatus } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenFrame } from '../../screens/screen-frame';
import { useSession } from '../../session/session-context';
import { FOLLOWER_FIRST_PAGE } from './constants';
import { useUnfollow } from './following-list';
import { NightMonitor } from './night-mode';
import { followingQuery, SHARED_PICKER_SIZE } from './queries';
import { SharedMemberMonitor } from './shared-member-monitor';

/**
 * A follower's home (spec §2 Doctor views, follower home): pick one of the people who approved
 * them, see that person's chart and monitor panels, open the detail, or unfollow (confirmed).
 * Approved people who stopped sharing stay in the picker, and a person who removed this follower
 * stays on screen, so the open screen explains the refusal instead of silently switching.
 */
export function FollowerHome() {
  const { t } = useTranslation();
  const { api } = useSession();
  const following = useQuery(followingQuery(api, { page: FOLLOWER_FIRST_PAGE, pageSize: SHARED_PICKER_SIZE }));
  const [chosen, setChosen] = useState<number | null>(null);
  const [nightMode, setNightMode] = useState(false);
  // The person on screen: if the member removes this follower, the relation leaves the list,
  // and the screen must still say why the data went away rather than show someone else.
  const [watched, setWatched] = useState<number | null>(null);
  // People this follower unfollowed here: they chose to stop, so no explanation is owed.
  const [unfollowed, setUnfollowed] = useState<readonly number[]>([]);
  const unfollow = useUnfollow((r) => {
    setUnfollowed((ids) => [...ids, r.memberId]);
    setChosen(null);
  });
  const keep = (id: number | null) => (id !== null && !unfollowed.includes(id) ? id : null);
  const approved = (following.data?.rows ?? []).filter((r) => r.status === FollowerStatus.approved && !unfollowed.includes(r.memberId));
  const memberId = keep(chosen) ?? approved[0]?.memberId ?? keep(watched);
  if (memberId !== null && memberId !== watched) setWatched(memberId);
  const relation = approved.find((r) => r.memberId === memberId);

  return (
    <ScreenFrame
      title={t('routes.followerHome')}
      actions={
        approved.length > 0 && (
          <Field.Root maxW="xs">
            <Field.Label srOnly>{t('home.selectPerson')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={memberId ?? ''} onChange={(e) => setChosen(Number(e.target.value))} data-testid="person-picker">
                {approved.map((r) => (
                  <option key={r.memberId} value={r.memberId}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )
      }
    >
      {following.isPending ? (
        <Text color="fg.muted">{t('common.loading')}</Text>
      ) : memberId === null ? (
        <Stack gap="3" align="flex-start">
          <Text>{t('home.noSharedUsers')}</Text>
          <Button asChild size="sm" colorPalette="brand">
            <Link to="/follow">{t('followers.requestToFollow')}</Link>
          </Button>
        </Stack>
      ) : (
        <SharedMemberMonitor
          key={memberId}
          memberId={memberId}
          header={(name) => (
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Heading as="h2" size="lg" data-testid="shared-member-name">
                {t('home.sharedWithYou')}: {name}
              </Heading>
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setNightMode(true)} data-testid="night-mode">
                  {t('liveAlerts.nightMode.open')}
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link to="/doctorDetail/$id" params={{ id: String(memberId) }}>
                    {t('common.details')}
                  </Link>
                </Button>
                {relation && (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => unfollow.ask(relation)}>
                    {t('followers.unfollow')}
                  </Button>
                )}
              </HStack>
            </HStack>
          )}
        />
      )}
      {unfollow.dialog}
      {nightMode && memberId !== null && <NightMonitor memberId={memberId} onExit={() => setNightMode(false)} />}
    </ScreenFrame>
  );
}
