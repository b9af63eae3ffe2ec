import type { GlucoseUnit } from '@cgm-portal/api-client/contract';

/**
 * Spec §9: the glucose unit is set automatically by country or region. These are the countries
 * whose laboratories and clinics report blood glucose in mg/dL (the United States, much of
 * continental Europe, Latin America, the Middle East and East/South Asia); the rest of the world
 * (the UK, Ireland, Scandinavia, Canada, Australia, China, Russia and others) uses mmol/L, the SI
 * unit. Where both are in use (Germany, Switzerland) the more common lab report wins. The member
 * can always change it in Settings; this only decides the first value.
 */
const MGDL_COUNTRIES: ReadonlySet<string> = new Set([
  'US', 'PR', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'VE', 'EC', 'UY', 'PY', 'BO', 'CR', 'PA', 'DO', 'GT',
  'FR', 'IT', 'ES', 'PT', 'BE', 'LU', 'AT', 'DE', 'GR', 'TR', 'PL', 'RO', 'IL', 'EG', 'JO', 'LB', 'SA', 'AE', 'KW', 'QA',
  'JP', 'KR', 'TW', 'IN', 'PK', 'BD', 'TH', 'PH', 'VN', 'ID',
]);

/** The unit a new member starts with, from their ISO 3166-1 alpha-2 country (mmol/L when unknown, the spec's default). */
export function glucoseUnitForCountry(country: string | null | undefined): GlucoseUnit {
  return country && MGDL_COUNTRIES.has(country.toUpperCase()) ? 'mg/dL' : 'mmol/L';
}
