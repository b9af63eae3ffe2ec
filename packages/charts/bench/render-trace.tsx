// `pnpm --filter @cgm-portal/charts bench`: bundled by tsup (bench/tsup.config.ts) and run by
// Node with NODE_ENV=production, so React and the charts run as they do in an app.
import { measureTraceRenders } from '../src/internal/measure-render';

console.info(measureTraceRenders());
