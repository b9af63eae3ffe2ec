import { Button, Grid, Group, useBreakpointValue } from '@chakra-ui/react';

/**
 * A small row of mutually exclusive choices (windows, periods, tabs of a chart). From the md
 * breakpoint they are one attached row; on a phone an attached row wraps raggedly (3 + 2 + 4
 * with broken borders), so there they are an even grid of separate buttons, full rows of equal width.
 */
export function ChoiceButtons<V extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  const buttons = options.map((o) => (
    <Button
      key={String(o.value)}
      size="sm"
      variant={o.value === value ? 'solid' : 'outline'}
      colorPalette="brand"
      aria-pressed={o.value === value}
      onClick={() => onChange(o.value)}
      // Narrow side padding on a phone, so a short label ("12 小时") stays on one line; a long one still wraps.
      {...(wide ? {} : { whiteSpace: 'normal', h: 'auto', minH: '8', py: '1', px: '1.5' })}
    >
      {o.label}
    </Button>
  ));
  if (wide) {
    return (
      <Group attached role="group" aria-label={label} flexWrap="wrap">
        {buttons}
      </Group>
    );
  }
  return (
    <Grid role="group" aria-label={label} gridTemplateColumns={`repeat(${gridColumns(options.length)}, minmax(0, 1fr))`} gap="1" w="full" data-choice-grid>
      {buttons}
    </Grid>
  );
}

/** Columns of the phone grid: every row full where the count allows (4 in one row, 9 as 3 × 3, 6 as 3 × 2). */
export function gridColumns(count: number): number {
  if (count <= 4) return Math.max(1, count);
  if (count % 3 === 0) return 3;
  if (count % 2 === 0) return 2;
  return 3;
}
