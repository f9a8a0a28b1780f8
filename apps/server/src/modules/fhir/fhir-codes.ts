import type { CodeableConcept, Coding } from 'fhir/r4';

/**
 * The one code table of the FHIR API (docs/decisions/0068-fhir.md): a test of the catalogue (its
 * code, which is also the lab's own code) -> the LOINC order code, where the demo catalogue's
 * test has an obvious one. A test not in the table (or with no LOINC) carries the local code
 * system only: a lab maps it on its side, and nothing is guessed here.
 */
export const LOINC_SYSTEM = 'http://loinc.org';

const LOINC_BY_TEST: Readonly<Record<string, string>> = {
  // Haematology
  CBC: '58410-2', // CBC panel - Blood by Automated count
  ESR: '30341-2', // Erythrocyte sedimentation rate
  'PT-INR': '5902-2', // Prothrombin time (PT)
  APTT: '14979-9', // aPTT in Platelet poor plasma by Coagulation assay
  // Chemistry
  LFT: '24325-3', // Hepatic function 2000 panel - Serum or Plasma
  RFT: '24362-6', // Renal function 2000 panel - Serum or Plasma
  LIPID: '24331-1', // Lipid 1996 panel - Serum or Plasma
  FBS: '1558-6', // Fasting glucose [Mass/volume] in Serum or Plasma
  RBS: '2345-7', // Glucose [Mass/volume] in Serum or Plasma
  HBA1C: '4548-4', // Hemoglobin A1c/Hemoglobin.total in Blood
  ELEC: '24326-1', // Electrolytes 1998 panel - Serum or Plasma
  UA: '3084-1', // Urate [Mass/volume] in Serum or Plasma
  CA: '17861-6', // Calcium [Mass/volume] in Serum or Plasma
  VITD: '62292-8', // 25-Hydroxyvitamin D2+D3 [Mass/volume] in Serum or Plasma
  B12: '2132-9', // Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma
  FERR: '2276-4', // Ferritin [Mass/volume] in Serum or Plasma
  // Immunology, hormones, tumour markers
  CRP: '1988-5', // C reactive protein [Mass/volume] in Serum or Plasma
  TSH: '3016-3', // Thyrotropin [Units/volume] in Serum or Plasma
  BHCG: '21198-7', // Choriogonadotropin.beta subunit [Units/volume] in Serum or Plasma
  PRL: '2842-3', // Prolactin [Mass/volume] in Serum or Plasma
  TESTO: '2986-8', // Testosterone [Mass/volume] in Serum or Plasma
  PSA: '2857-1', // Prostate specific Ag [Mass/volume] in Serum or Plasma
  CA125: '10334-1', // Cancer Ag 125 [Units/volume] in Serum or Plasma
  // Serology
  HBSAG: '5196-1', // Hepatitis B virus surface Ag [Presence] in Serum or Plasma by Immunoassay
  HCV: '16128-1', // Hepatitis C virus Ab [Presence] in Serum
  // Urine and microbiology
  URE: '24356-8', // Urinalysis complete panel - Urine
  UCS: '630-4', // Bacteria identified in Urine by Culture
  BCS: '600-7', // Bacteria identified in Blood by Culture
  // Molecular
  COVPCR: '94500-6', // SARS-CoV-2 RNA [Presence] in Respiratory specimen by NAA with probe detection
  COVAG: '94558-4', // SARS-CoV-2 Ag [Presence] in Respiratory specimen by Rapid immunoassay
  // Home cardiology (the X-ray vertical)
  ECG: '11524-6', // EKG study
};

/** The LOINC code of a catalogue test, or undefined when the table has none. */
export const loincOf = (testCode: string): string | undefined => LOINC_BY_TEST[testCode];

/** A catalogue test as a CodeableConcept: the local (lab's) code, plus LOINC where known. */
export function testConcept(
  localSystem: string,
  test: { code: string; name: string },
): CodeableConcept {
  const coding: Coding[] = [{ system: localSystem, code: test.code, display: test.name }];
  const loinc = loincOf(test.code);
  if (loinc) coding.push({ system: LOINC_SYSTEM, code: loinc });
  return { coding, text: test.name };
}
