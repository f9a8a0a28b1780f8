import type { CapabilityStatement } from 'fhir/r4';
import type { FhirContext } from './fhir-context';
import { RESOURCE_TYPES, SEARCH } from './fhir-resources';

/** The date of this statement's content: change it with the served resources or parameters. */
const STATEMENT_DATE = '2026-11-30';

/** GET /fhir/metadata: what this server serves, read from the same table as the routes. */
export function capabilityStatement(c: FhirContext): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STATEMENT_DATE,
    publisher: 'Dastak',
    kind: 'instance',
    software: { name: 'Dastak' },
    implementation: {
      description: 'Dastak home collection: orders, samples and home visits, read-only',
      url: c.base,
    },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          description:
            "Authorization: Bearer <token> of a staff user or an API key with the 'Can view order' permission (read orders)",
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
          ...(SEARCH[type].spec.includes ? { searchInclude: [...SEARCH[type].spec.includes] } : {}),
          searchParam: [
            { name: '_id', type: 'token' as const, documentation: 'The resource id' },
            ...SEARCH[type].params,
            {
              name: '_count',
              type: 'number' as const,
              documentation: 'Page size: 50 by default, 200 at most; follow the next link',
            },
          ],
        })),
      },
    ],
  };
}
