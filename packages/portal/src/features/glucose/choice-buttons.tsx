import { Button, Group } from '@chakra-ui/react';

/** A small row of mutually exclusive choices (windows, periods, tabs of a chart). */
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
  return (
    <Group attached role="group" aria-label={label} flexWrap="wrap">
      {options.map((o) => (
        <Button
          key={String(o.value)}
          size="sm"
          variant={o.value === value ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}
