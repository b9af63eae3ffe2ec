// CSF without a Storybook import (see confirm-dialog.stories.tsx).
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import * as icons from './icons';

/** Every icon of the portal's menus and head bar, drawn in the current text colour. */
function IconSheet({ size }: { size: number }) {
  return (
    <HStack wrap="wrap" gap="4">
      {Object.entries(icons).map(([name, Icon]) => (
        <Stack key={name} align="center" gap="1" w="28">
          <Box fontSize={`${size}px`}>
            <Icon />
          </Box>
          <Text fontSize="xs">{name}</Text>
        </Stack>
      ))}
    </HStack>
  );
}

const meta: { title: string; component: ComponentType<{ size: number }>; tags: string[]; args: { size: number } } = {
  title: 'UI/Icons',
  tags: ['autodocs'],
  component: IconSheet,
  args: { size: 24 },
};
export default meta;

export const All = {};
