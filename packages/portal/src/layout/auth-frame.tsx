import { Box, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';
import { LanguageSelect } from './language-select';

/** The frame of the sign-in and password-reset pages: logo, language, one card. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { variant } = useSession();
  return (
    <Flex direction="column" minH="100vh" bg="page.bg">
      <Flex as="header" justify="space-between" align="center" px={{ base: '4', md: '8' }} py="3" bg="sidebar.bg" color="sidebar.fg">
        <Text fontWeight="bold" fontSize="lg" data-testid="logo">
          {variant.logoText}
        </Text>
        <Box color="fg" bg="bg" borderRadius="md">
          <LanguageSelect />
        </Box>
      </Flex>
      <Center as="main" id="main" flex="1" px="4" py={{ base: '6', md: '12' }}>
        <Box bg="bg" w="full" maxW="md" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" boxShadow="sm">
          <Stack gap="1" mb="6">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Box>
      </Center>
    </Flex>
  );
}
