// CSF without a Storybook import (see confirm-dialog.stories.tsx).
import type { ComponentProps, ComponentType } from 'react';
import { ErrorAlert } from './error-alert';

type Props = ComponentProps<typeof ErrorAlert>;

const meta: { title: string; component: ComponentType<Props>; tags: string[]; args: Partial<Props> } = {
  title: 'UI/Error alert',
  tags: ['autodocs'],
  component: ErrorAlert,
  args: { message: 'The e-mail address or password is wrong.' },
};
export default meta;

export const WithMessage = {};
export const WithDetail = { args: { message: 'The import failed', children: 'Line 14: the date "2026-13-01" does not exist.' } };
/** Without a message nothing is rendered, so forms can always place it. */
export const Empty = { args: { message: null } };
