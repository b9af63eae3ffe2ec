/**
 * Laboratory-HbA1c estimates from mean glucose. % is the NGSP/DCCT scale, mmol/mol the IFCC scale
 * (spec §9).
 */
import { mgdlToMmol } from './units.js';
import { meanGlucose } from './glucose-stats.js';
import type { ReadingsInput } from './types.js';

/** GMI (%) = 3.31 + 0.02392·mean mg/dL. Bergenstal et al., Diabetes Care 2018, doi:10.2337/dc18-1581; iglu `gmi`. */
export function gmiFromMean(meanMgdl: number): number {
  return 3.31 + 0.02392 * meanMgdl;
}

/** GMI (mmol/mol) = 12.71 + 4.70587·mean mmol/L. Bergenstal 2018 (jaeb.org/gmi); mmol/L via the spec's factor 18. */
export function gmiMmolMolFromMean(meanMgdl: number): number {
  return 12.71 + 4.70587 * mgdlToMmol(meanMgdl);
}

/** eA1c (%) = (mean + 46.7)/28.7, the ADAG relation eAG = 28.7·A1c − 46.7. Nathan et al., Diabetes Care 2008, doi:10.2337/dc08-0545; iglu `ea1c`. */
export function eA1cFromMean(meanMgdl: number): number {
  return (meanMgdl + 46.7) / 28.7;
}

/**
 * NGSP % to IFCC mmol/mol with the IFCC–NGSP master equation NGSP = 0.09148·IFCC + 2.152
 * (Hoelzel et al., Clin Chem 2004, doi:10.1373/clinchem.2003.024802). ADAG gives no mmol/mol form
 * of its own, so eA1c is converted with it.
 */
export function ngspToIfcc(percent: number): number {
  return (percent - 2.152) / 0.09148;
}

export function eA1cMmolMolFromMean(meanMgdl: number): number {
  return ngspToIfcc(eA1cFromMean(meanMgdl));
}

function fromMean(readings: ReadingsInput, f: (m: number) => number): number | null {
  const m = meanGlucose(readings);
  return m === null ? null : f(m);
}

export function gmi(readings: ReadingsInput): number | null {
  return fromMean(readings, gmiFromMean);
}

export function gmiMmolMol(readings: ReadingsInput): number | null {
  return fromMean(readings, gmiMmolMolFromMean);
}

export function eA1c(readings: ReadingsInput): number | null {
  return fromMean(readings, eA1cFromMean);
}

export function eA1cMmolMol(readings: ReadingsInput): number | null {
  return fromMean(readings, eA1cMmolMolFromMean);
}
