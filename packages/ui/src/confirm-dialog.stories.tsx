// CSF needs no Storybook import: local types keep the stories type-checked without a dependency
// (as in @cgm-portal/charts' stories). The portal passes every text already translated.
import { Button } from '@chakra-ui/react';
import { useState, type ComponentType, type ReactElement } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

interface StoryMeta<P> {
  title: string;
  component: ComponentType<P>;
  args?: Partial<P>;
  tags?: string[];
  parameters?: Record<string, unknown>;
}
interface Story<P> {
  name?: string;
  args?: Partial<P>;
  render?: (args: P) => ReactElement;
}

/** The dialog opened by a button, as screens use it. */
function DialogDemo(args: ConfirmDialogProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{args.confirmLabel}</Button>
      <ConfirmDialog {...args} open={open} onOpenChange={setOpen} onConfirm={() => setOpen(false)} />
    </>
  );
}

const meta: StoryMeta<ConfirmDialogProps> = {
  title: 'UI/Confirm dialog',
  tags: ['autodocs'],
  component: ConfirmDialog,
  args: { title: 'Stop sharing with Sam Morgan?', children: 'Sam will no longer see your glucose.', confirmLabel: 'Stop sharing', cancelLabel: 'Cancel', destructive: true },
  parameters: { docs: { story: { inline: false, height: '260px' } } },
};
export default meta;

export const Destructive: Story<ConfirmDialogProps> = { render: (args) => <DialogDemo {...args} /> };
export const Blocking: Story<ConfirmDialogProps> = {
  args: { title: 'Your sign-in has expired', children: 'Sign in again to continue.', confirmLabel: 'Sign in', destructive: false, blocking: true },
  render: (args) => <DialogDemo {...args} />,
};
export const Busy: Story<ConfirmDialogProps> = { args: { busy: true }, render: (args) => <DialogDemo {...args} /> };
