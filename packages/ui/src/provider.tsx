import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { VariantSystem } from './system';

/** Chakra provider with the variant's system. Colour mode is light: the spec's head is light. */
export function UiProvider({ system, children }: { system: VariantSystem; children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
