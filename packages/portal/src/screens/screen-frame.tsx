import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The heading and body of a screen inside the main layout. */
export function ScreenFrame({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}
