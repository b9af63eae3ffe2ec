/**
 * Spec §9: "mg/dL by multiplying by 18". One constant for the whole product, so a value
 * converted on one screen converts back identically on another.
 */
export const MGDL_PER_MMOL = 18;

export function mmolToMgdl(mmol: number): number {
  return mmol * MGDL_PER_MMOL;
}

export function mgdlToMmol(mgdl: number): number {
  return mgdl / MGDL_PER_MMOL;
}
