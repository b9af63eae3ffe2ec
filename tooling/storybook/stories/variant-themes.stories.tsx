import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { createVariantSystem, UiProvider } from '@cgm-portal/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '../.storybook/variants';

// Each swatch's token variables live on its own box: on the page root, the last of three
// providers won and all three swatches showed the pet app's colours.
const systems = Object.fromEntries(Object.keys(variants).map((id) => [id, createVariantSystem(variants[id]!.theme, { cssVarsRoot: `[data-variant-swatch="${id}"]` })]));

/** One variant's look: side bar, head, page and buttons in its own colours and fonts. */
function VariantSwatch({ id }: { id: string }) {
  const variant = variants[id]!;
  return (
    <UiProvider system={systems[id]!}>
      <HStack data-variant-swatch={id} align="stretch" gap="0" borderWidth="1px" borderRadius="md" overflow="hidden" minH="180px">
        <Stack bg="sidebar.bg" color="sidebar.fg" p="4" w="180px" gap="2">
          <Text fontWeight="bold" fontSize="lg">{variant.logoText}</Text>
          <Text fontSize="sm">{variant.id}</Text>
          <Text fontSize="xs">{variant.languages.join(' · ')}</Text>
        </Stack>
        <Stack flex="1" gap="0">
          <Box bg="header.bg" px="4" py="2" borderBottomWidth="1px">
            <Heading size="sm">{variant.portalName}</Heading>
          </Box>
          <Stack bg="page.bg" p="4" flex="1" gap="3">
            <Text>Default language: {variant.defaultLanguage} · profile form: {variant.profileForm}</Text>
            <HStack>
              <Button colorPalette="brand">Primary</Button>
              <Button colorPalette="brand" variant="outline">Secondary</Button>
            </HStack>
          </Stack>
        </Stack>
      </HStack>
    </UiProvider>
  );
}

const meta: Meta<typeof VariantSwatch> = {
  title: 'Foundation/Variant themes',
  component: VariantSwatch,
};
export default meta;

type Story = StoryObj<typeof VariantSwatch>;

export const AllThree: Story = {
  render: () => (
    <Stack gap="6">
      {Object.keys(variants).map((id) => (
        <VariantSwatch key={id} id={id} />
      ))}
    </Stack>
  ),
};
export const Human16Lang: Story = { args: { id: 'human-16-lang' } };
export const Human7Lang: Story = { args: { id: 'human-7-lang' } };
export const PetEnglish: Story = { args: { id: 'pet-english' } };
