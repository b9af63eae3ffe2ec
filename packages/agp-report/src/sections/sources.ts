/**
 * The documents the report's layout, targets and indices come from. Bibliographic references are
 * cited as published, in English, in every language of the report.
 */
export const REPORT_SOURCES: readonly string[] = [
  'International Diabetes Center. AGP Report v5.0: Continuous Glucose Monitoring. agpreport.org',
  'Battelino T. et al. Clinical Targets for Continuous Glucose Monitoring Data Interpretation: Recommendations From the International Consensus on Time in Range. Diabetes Care 2019;42(8):1593–1603. doi:10.2337/dci19-0028',
  'Bergenstal R.M. et al. Glucose Management Indicator (GMI): A New Term for Estimating A1C From Continuous Glucose Monitoring. Diabetes Care 2018;41(11):2275–2280. doi:10.2337/dc18-1581',
  'Nathan D.M. et al. Translating the A1C Assay Into Estimated Average Glucose Values. Diabetes Care 2008;31(8):1473–1478. doi:10.2337/dc08-0545',
  'Klonoff D.C. et al. A Glycemia Risk Index (GRI) of Hypoglycemia and Hyperglycemia for Continuous Glucose Monitoring Validated by Clinician Ratings. J Diabetes Sci Technol 2023;17(5):1226–1242. doi:10.1177/19322968221085273',
];
