import type { Vertical } from '@dastak/core/states';

/** Real tests with typical 2024-25 Pakistani lab prices (PKR). */
export type CatalogueItem = {
  code: string;
  name: string;
  value: number;
  vertical: Vertical;
  label: string;
  isCovid?: boolean;
  /** False: not offered at home (spec §5 message sends the patient to a branch). */
  isAllowed?: boolean;
  requiresFasting?: boolean;
  preparation?: string;
  /**
   * Hours from collection to the lab (ADR 0048); absent: the blood default of 6 h. Values and
   * reasons in docs/decisions/0048-sample-stability.md.
   */
  stabilityHours?: number;
  /** Relative popularity when the demo books orders. */
  popularity: number;
};

const FASTING = '10-12 hours fasting; water allowed';

const blood = (
  code: string,
  name: string,
  value: number,
  label: string,
  popularity: number,
  extra: Partial<CatalogueItem> = {},
): CatalogueItem => ({ code, name, value, vertical: 'blood', label, popularity, ...extra });

const xray = (
  code: string,
  name: string,
  value: number,
  popularity: number,
  extra: Partial<CatalogueItem> = {},
): CatalogueItem => ({
  code,
  name,
  value,
  vertical: 'xray',
  label: 'Radiology',
  popularity,
  ...extra,
});

export const CATALOGUE: readonly CatalogueItem[] = [
  blood('CBC', 'Complete Blood Count (CBC)', 900, 'Haematology', 30),
  blood('ESR', 'Erythrocyte Sedimentation Rate (ESR)', 450, 'Haematology', 6, {
    stabilityHours: 4,
  }),
  blood('PT-INR', 'Prothrombin Time (PT/INR)', 1100, 'Haematology', 3, { stabilityHours: 4 }),
  blood('APTT', 'Activated Partial Thromboplastin Time (APTT)', 1300, 'Haematology', 2, {
    stabilityHours: 4,
  }),
  blood('LFT', 'Liver Function Tests (LFT)', 1800, 'Chemistry', 14),
  blood('RFT', 'Renal Function Tests (RFT)', 1600, 'Chemistry', 12),
  blood('LIPID', 'Lipid Profile', 2400, 'Chemistry', 12, {
    requiresFasting: true,
    preparation: FASTING,
  }),
  blood('FBS', 'Fasting Blood Sugar (FBS)', 350, 'Chemistry', 10, {
    stabilityHours: 2,
    requiresFasting: true,
    preparation: '8-10 hours fasting',
  }),
  blood('RBS', 'Random Blood Sugar (RBS)', 300, 'Chemistry', 5, { stabilityHours: 2 }),
  blood('HBA1C', 'Glycated Haemoglobin (HbA1c)', 2200, 'Chemistry', 10, { stabilityHours: 24 }),
  blood('ELEC', 'Serum Electrolytes (Na, K, Cl)', 1500, 'Chemistry', 5, { stabilityHours: 2 }),
  blood('UA', 'Serum Uric Acid', 700, 'Chemistry', 4),
  blood('CA', 'Serum Calcium', 800, 'Chemistry', 4),
  blood('CRP', 'C-Reactive Protein (CRP)', 1200, 'Immunology', 6),
  blood('TSH', 'Thyroid Stimulating Hormone (TSH)', 1700, 'Hormones', 9, { stabilityHours: 8 }),
  blood('TFT', 'Thyroid Profile (T3, T4, TSH)', 3500, 'Hormones', 5, { stabilityHours: 8 }),
  blood('VITD', 'Vitamin D (25-OH)', 4200, 'Chemistry', 9, { stabilityHours: 24 }),
  blood('B12', 'Vitamin B12', 2800, 'Chemistry', 5, { stabilityHours: 8 }),
  blood('FERR', 'Serum Ferritin', 2600, 'Chemistry', 4),
  blood('IRON', 'Iron Profile (Iron, TIBC, Ferritin)', 3200, 'Chemistry', 2),
  blood('DENGNS1', 'Dengue NS1 Antigen', 2500, 'Serology', 4, { stabilityHours: 24 }),
  blood('DENGAB', 'Dengue IgG/IgM Antibodies', 2800, 'Serology', 2, { stabilityHours: 24 }),
  blood('MP', 'Malaria Parasite (MP) Smear', 500, 'Haematology', 3, { stabilityHours: 4 }),
  blood('TYPHI', 'Typhidot (IgM/IgG)', 1400, 'Serology', 3, { stabilityHours: 24 }),
  blood('HBSAG', 'Hepatitis B Surface Antigen (HBsAg)', 900, 'Serology', 3, { stabilityHours: 24 }),
  blood('HCV', 'Anti-HCV Antibodies', 1100, 'Serology', 3, { stabilityHours: 24 }),
  blood('HIV', 'HIV 1 & 2 Antibodies', 1500, 'Serology', 1, { stabilityHours: 24 }),
  blood('BHCG', 'Beta hCG (Quantitative)', 2200, 'Hormones', 2, { stabilityHours: 8 }),
  blood('PRL', 'Prolactin', 2500, 'Hormones', 1, { stabilityHours: 8 }),
  blood('TESTO', 'Testosterone (Total)', 3000, 'Hormones', 1, { stabilityHours: 8 }),
  blood('PSA', 'Prostate Specific Antigen (PSA)', 2900, 'Tumour Markers', 1, { stabilityHours: 8 }),
  blood('CA125', 'CA-125', 4500, 'Tumour Markers', 1, { stabilityHours: 8 }),
  blood('URE', 'Urine Complete Examination (Urine R/E)', 600, 'Urinalysis', 7, {
    stabilityHours: 2,
  }),
  blood('UCS', 'Urine Culture & Sensitivity', 2000, 'Microbiology', 2, { stabilityHours: 2 }),
  blood('BCS', 'Blood Culture & Sensitivity', 3500, 'Microbiology', 1, { stabilityHours: 2 }),
  blood('COVPCR', 'COVID-19 PCR', 6500, 'Molecular', 2, { stabilityHours: 24, isCovid: true }),
  blood('COVAG', 'COVID-19 Rapid Antigen', 2500, 'Molecular', 1, {
    stabilityHours: 1,
    isCovid: true,
  }),
  blood('COVAB', 'COVID-19 Antibodies (IgG)', 3000, 'Serology', 1, { stabilityHours: 24 }),
  blood('SEMEN', 'Semen Analysis', 2000, 'Andrology', 0, {
    stabilityHours: 1,
    isAllowed: false,
    preparation: 'Sample must be produced at the branch',
  }),
  blood('OGTT', 'Oral Glucose Tolerance Test (OGTT)', 1200, 'Chemistry', 0, {
    stabilityHours: 2,
    isAllowed: false,
    requiresFasting: true,
    preparation: 'Two hours at the branch after a glucose drink',
  }),
  blood('BIOPSY', 'Histopathology (Biopsy, small)', 5500, 'Histopathology', 0, {
    stabilityHours: 72,
    isAllowed: false,
  }),

  xray('XR-CHEST-PA', 'X-Ray Chest PA View', 1800, 30),
  xray('XR-CHEST-AP', 'X-Ray Chest AP View', 1800, 8),
  xray('XR-KNEE', 'X-Ray Knee AP/Lateral', 2500, 12),
  xray('XR-LSPINE', 'X-Ray Lumbar Spine AP/Lateral', 3000, 9),
  xray('XR-CSPINE', 'X-Ray Cervical Spine AP/Lateral', 2800, 6),
  xray('XR-PELVIS', 'X-Ray Pelvis AP', 2200, 5),
  xray('XR-HIP', 'X-Ray Hip Joint AP/Lateral', 2400, 4),
  xray('XR-SHOULDER', 'X-Ray Shoulder AP', 2000, 4),
  xray('XR-HAND', 'X-Ray Hand AP/Oblique', 1800, 3),
  xray('XR-FOOT', 'X-Ray Foot AP/Oblique', 1800, 3),
  xray('XR-ANKLE', 'X-Ray Ankle AP/Lateral', 2000, 3),
  xray('XR-ABD', 'X-Ray Abdomen Erect', 2000, 4),
  xray('XR-KUB', 'X-Ray KUB', 2000, 3),
  xray('XR-PNS', 'X-Ray Paranasal Sinuses (Waters View)', 1800, 3),
  xray('XR-SKULL', 'X-Ray Skull AP/Lateral', 2000, 1),
  xray('ECG', 'ECG (12-lead) at Home', 1500, 6, { label: 'Cardiology' }),
  xray('US-ABD', 'Ultrasound Abdomen (Portable)', 4500, 5, { label: 'Ultrasound' }),
  xray('CT-BRAIN', 'CT Scan Brain (Plain)', 9500, 0, { isAllowed: false, label: 'CT' }),
  xray('MRI-KNEE', 'MRI Knee Joint', 22000, 0, { isAllowed: false, label: 'MRI' }),
  xray('MAMMO', 'Mammography (Bilateral)', 7500, 0, { isAllowed: false }),
];
