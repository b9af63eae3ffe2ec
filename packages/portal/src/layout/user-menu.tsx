import { Avatar, Box, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { ChevronIcon, ConfirmDialog } from '@cgm-portal/ui';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../session/session-context';

/** Avatar, member name and ID, with Settings and Sign out (spec §2 Layout). */
export function UserMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const { userInfo, signOut } = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = userInfo?.memberName ?? '';

  const doSignOut = async () => {
    setBusy(true);
    await signOut();
    setBusy(false);
    setConfirming(false);
    await navigate({ to: '/login' });
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="1" data-testid="user-menu" title={t('layout.userMenu')}>
            <Avatar.Root size="xs" colorPalette="brand">
              <Avatar.Fallback name={name} />
              {userInfo?.avatar && <Avatar.Image src={userInfo.avatar} alt={t('layout.avatarAlt', { name })} />}
            </Avatar.Root>
            {/* The name is the button's accessible name; on phones it is read but not shown. */}
            <Box maxW="40" truncate srOnly={{ base: true, md: false }}>
              {name}
            </Box>
            <ChevronIcon boxSize="4" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              <Stack px="3" py="2" gap="0">
                <Text fontWeight="semibold">{name}</Text>
                {userInfo && (
                  <Text fontSize="sm" color="fg.muted" data-testid="member-id">
                    {t('layout.memberId')}: {userInfo.memberId}
                  </Text>
                )}
              </Stack>
              <Menu.Separator />
              <Menu.Item value="settings" onSelect={onOpenSettings}>
                {t('layout.settings')}
              </Menu.Item>
              <Menu.Item value="signOut" onSelect={() => setConfirming(true)}>
                {t('layout.signOut')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('layout.signOutTitle')}
        confirmLabel={t('layout.signOut')}
        cancelLabel={t('common.cancel')}
        onConfirm={doSignOut}
        busy={busy}
      >
        {t('layout.signOutConfirm')}
      </ConfirmDialog>
    </>
  );
}
