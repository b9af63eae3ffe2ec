import { IconButton } from '@chakra-ui/react';
import { useTranslation } from '@cgm-portal/i18n';
import { FullScreenIcon, HelpIcon, RefreshIcon, toaster } from '@cgm-portal/ui';
import { useEffect, useState } from 'react';

/** Refresh is a full reload (spec §2 Layout). */
export function RefreshButton() {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('layout.refresh')} title={t('layout.refresh')} variant="ghost" size="sm" onClick={() => window.location.reload()}>
      <RefreshIcon />
    </IconButton>
  );
}

/** The help center is not open yet; the spec says it only warns. */
export function HelpButton() {
  const { t } = useTranslation();
  return (
    <IconButton
      aria-label={t('layout.helpCenter')}
      title={t('layout.helpCenter')}
      variant="ghost"
      size="sm"
      onClick={() => toaster.create({ type: 'warning', title: t('layout.helpNotOpen') })}
    >
      <HelpIcon />
    </IconButton>
  );
}

export function FullScreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = full ? t('layout.exitFullScreen') : t('layout.fullScreen');
  const toggle = async () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      toaster.create({ type: 'warning', title: t('layout.fullScreenUnsupported') });
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      toaster.create({ type: 'warning', title: t('layout.fullScreenUnsupported') });
    }
  };
  return (
    <IconButton aria-label={label} title={label} aria-pressed={full} variant="ghost" size="sm" onClick={() => void toggle()}>
      <FullScreenIcon />
    </IconButton>
  );
}
