import type { scaleLinear } from '@visx/scale';

/** The linear scale type visx returns (number in, px out). */
export type LinearScale = ReturnType<typeof scaleLinear<number>>;
