import type { GlucoseRangeKey } from '../clinical';

/**
 * Texture of each range, laid over its colour so ranges differ without colour (WCAG 1.4.1):
 * very low crossed, low diagonal, target plain, high dotted, very high horizontal lines.
 */
export function RangePatterns({ prefix }: { prefix: string }) {
  const stroke = { stroke: '#ffffff', strokeOpacity: 0.6, strokeWidth: 1.5 };
  return (
    <>
      <pattern id={`${prefix}-veryLow`} width={6} height={6} patternUnits="userSpaceOnUse">
        <path d="M0,0L6,6M6,0L0,6" {...stroke} />
      </pattern>
      <pattern id={`${prefix}-low`} width={6} height={6} patternUnits="userSpaceOnUse">
        <path d="M-1,1L1,-1M0,6L6,0M5,7L7,5" {...stroke} />
      </pattern>
      <pattern id={`${prefix}-high`} width={6} height={6} patternUnits="userSpaceOnUse">
        <circle cx={3} cy={3} r={1.2} fill="#ffffff" fillOpacity={0.7} />
      </pattern>
      <pattern id={`${prefix}-veryHigh`} width={6} height={5} patternUnits="userSpaceOnUse">
        <path d="M0,2.5L6,2.5" {...stroke} />
      </pattern>
    </>
  );
}

/** The url() of a range's pattern, or null for the plain target range. */
export function rangePatternUrl(prefix: string, key: GlucoseRangeKey): string | null {
  return key === 'target' ? null : `url(#${prefix}-${key})`;
}
