/**
 * Where the FHIR API's URLs and identifier systems live: under the deployment's PUBLIC_URL, so
 * each Dastak names its own orders, tubes and patients (ADR 0068).
 */
export interface FhirContext {
  /** The FHIR base, e.g. https://dastak.example.pk/fhir */
  base: string;
}

export const fhirContext = (publicUrl: string): FhirContext => ({
  base: `${publicUrl.replace(/\/$/, '')}/fhir`,
});

/** The identifier systems and code systems of this server. */
export const systems = (c: FhirContext) => ({
  orderNumber: `${c.base}/sid/order-number`,
  tubeLabel: `${c.base}/sid/tube-label`,
  patientId: `${c.base}/sid/patient-id`,
  mrNumber: `${c.base}/sid/mr-number`,
  riderId: `${c.base}/sid/rider-id`,
  testCode: `${c.base}/CodeSystem/test-code`,
  orderState: `${c.base}/CodeSystem/order-state`,
  collectionAddress: `${c.base}/StructureDefinition/collection-address`,
});

/** An instant as FHIR writes it (UTC, milliseconds). */
export const instant = (d: Date) => d.toISOString();
