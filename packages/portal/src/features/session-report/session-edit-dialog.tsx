import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import { ApiError, type SensorSession } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { toaster } from '@cgm-portal/ui';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session/session-context';
import { GLUCOSE_KEY } from '../glucose/glucose-queries';

const NOTE_MAX = 200;
const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** A datetime-local value in the member's zone, and back. */
export const toLocalInput = (ms: number | null, zone: string) => (ms == null ? '' : DateTime.fromMillis(ms, { zone }).toFormat(INPUT_FORMAT));
export const fromLocalInput = (text: string, zone: string) => {
  const dt = DateTime.fromFormat(text, INPUT_FORMAT, { zone });
  return dt.isValid ? dt.toMillis() : null;
};

/** The session report's edit dialog: a note and, for a running sensor, an early end (within its planned life). */
export function SessionEditDialog({ session, timeZone, onClose }: { session: SensorSession; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(session.note);
  const [end, setEnd] = useState(toLocalInput(session.endTime, timeZone));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const endTime = end ? fromLocalInput(end, timeZone) : null;
    if (end && (endTime === null || endTime <= session.startTime || endTime > session.expireTime)) {
      return setError(t('validation.numberRange', { min: toLocalInput(session.startTime, timeZone).replace('T', ' '), max: toLocalInput(session.expireTime, timeZone).replace('T', ' ') }));
    }
    setBusy(true);
    try {
      await api.modifySession({ id: session.id, note: note.trim(), ...(endTime !== session.endTime && { endTime }) });
      await queryClient.invalidateQueries({ queryKey: [...GLUCOSE_KEY, 'sessions'] });
      toaster.create({ type: 'success', title: t('settings.saved') });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>
                  {t('session.editTitle')} · {session.sn}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root>
                    <Field.Label>{t('common.note')}</Field.Label>
                    <Textarea name="note" maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
                  </Field.Root>
                  <Field.Root invalid={!!error}>
                    <Field.Label>{t('session.end')}</Field.Label>
                    <Input
                      type="datetime-local"
                      name="endTime"
                      value={end}
                      min={toLocalInput(session.startTime, timeZone)}
                      max={toLocalInput(session.expireTime, timeZone)}
                      onChange={(e) => setEnd(e.target.value)}
                    />
                  </Field.Root>
                  {error && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{error}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {t('common.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
