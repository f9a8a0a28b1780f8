import type { OperationOutcome, OperationOutcomeIssue } from 'fhir/r4';

/** The issue code of each HTTP status this API answers with (FHIR's issue-type value set). */
const ISSUE_CODE: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  408: 'timeout',
  413: 'too-costly',
  414: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
  431: 'too-costly',
  503: 'transient',
};

/**
 * An error of the API's `{detail, errors}` shape as an OperationOutcome: `detail` is the
 * diagnostics (the same sentence the rest of the API gives), each field an expression.
 */
export function operationOutcome(
  status: number,
  detail: string,
  errors?: Record<string, string[]>,
): OperationOutcome {
  const code = ISSUE_CODE[status] ?? (status >= 500 ? 'exception' : 'processing');
  const severity = status >= 500 ? 'fatal' : 'error';
  const fields = Object.keys(errors ?? {});
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity,
        code,
        diagnostics: detail,
        ...(fields.length ? { expression: fields } : {}),
      },
    ],
  };
}

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** Paths the FHIR API answers (its errors are OperationOutcomes). */
export const isFhirPath = (url: string) => url === '/fhir' || url.startsWith('/fhir/');

/** An error body as the FHIR API sends it. */
export const fhirErrorBody = (status: number, detail: string) => operationOutcome(status, detail);
