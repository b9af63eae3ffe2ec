import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PortalStoryParameters } from '../.storybook/portal-story';

/** The portal's shell with the server's own code answering through MSW. */
const meta: Meta = {
  title: 'Portal/Shell',
  render: () => <></>,
};
export default meta;

type Story = StoryObj<{ portal: PortalStoryParameters }>;

export const Login: Story = { parameters: { portal: { path: '/login' } } };
export const LoginArabic: Story = { parameters: { portal: { path: '/login', language: 'ar' } } };
export const ForgotPassword: Story = { parameters: { portal: { path: '/forget' } } };
export const SignedInHome: Story = { parameters: { portal: { path: '/home', account: 'human' } } };
export const FollowerHome: Story = { parameters: { portal: { path: '/home', account: 'follower' } } };
export const NotFound: Story = { parameters: { portal: { path: '/no/such/page' } } };
