import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One figure with its name: the building block of overviews and statistics. */
export function MetricTile({ label, value, unit, hint, testId }: { label: string; value: ReactNode; unit?: string; hint?: ReactNode; testId?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" data-metric-value>
        {unit ? (
          // Value and unit as one isolated left-to-right figure: in Arabic and Persian the unit's
          // start margin otherwise lands after the unit, and "11.4mmol/L" reads glued.
          <bdi dir="ltr">
            {value}
            <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="1">
              {unit}
            </Text>
          </bdi>
        ) : (
          value
        )}
      </Text>
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
    </Box>
  );
}

/** A titled block of a screen. */
export function Section({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg" data-testid={testId} aria-label={title}>
      <Box display="flex" flexWrap="wrap" gap="2" justifyContent="space-between" alignItems="center" mb="3">
        <Text as="h2" fontSize="lg" fontWeight="semibold">
          {title}
        </Text>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
