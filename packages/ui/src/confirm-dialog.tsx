import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void | Promise<void>;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  busy?: boolean;
  /** A blocking notice has one button and cannot be dismissed by clicking outside. */
  blocking?: boolean;
}

/**
 * Every confirmation of the portal (sign out, remove follower, stop sharing ...). Texts come
 * translated; `destructive` gives the red button, `blocking` a single button that neither Escape
 * nor a click outside dismisses (an expired sign-in).
 *
 * @example
 * <ConfirmDialog open={open} onOpenChange={setOpen} title={t('followers.stopSharing')} confirmLabel={t('common.confirm')} cancelLabel={t('common.cancel')} destructive onConfirm={stop} />
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, children, confirmLabel, cancelLabel, onConfirm, destructive, busy, blocking } = props;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      role="alertdialog"
      closeOnInteractOutside={!blocking}
      closeOnEscape={!blocking}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            <Dialog.Footer>
              {!blocking && cancelLabel && (
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{cancelLabel}</Button>
                </Dialog.ActionTrigger>
              )}
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                loading={busy}
                onClick={() => void onConfirm()}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
