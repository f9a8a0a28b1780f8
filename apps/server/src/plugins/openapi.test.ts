import { EMAIL_MAX, TIME_SLOT_LENGTHS } from '@dastak/core/constants';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import { camelToSnake, snakeToCamel } from '@dastak/core/wire-case';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string }>;
};
type Doc = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    securitySchemes: Record<string, Schema>;
  };
  security: unknown[];
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op, name: `${method} ${path}` })),
  );

const bodySchema = (op: Operation) => op.requestBody?.content['application/json']?.schema;

/** Every property name of a schema, however deep (objects, arrays, unions). */
function propertyNames(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) propertyNames(s, into);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const [name, sub] of Object.entries(value)) {
          into.push(name);
          propertyNames(sub, into);
        }
      } else propertyNames(value, into);
    }
  }
  return into;
}

describe('the OpenAPI document describes the wire format', () => {
  it('request bodies are snake_case: POST /orders/{vertical}/ sends time_slot, not timeSlot', () => {
    const body = bodySchema(doc.paths['/api/v1/orders/{vertical}/']?.post as Operation);
    const properties = Object.keys(body?.properties as Schema);
    expect(properties).toContain('time_slot');
    expect(properties).toContain('customer_address');
    expect(properties).not.toContain('timeSlot');
    expect(body?.required).toContain('time_slot');
    expect(body?.required).not.toContain('timeSlot');
  });

  it('nested objects and arrays of objects in a body are snake_case too', () => {
    const edit = bodySchema(doc.paths['/api/v1/orders/update/{id}/']?.patch as Operation);
    expect(propertyNames(edit)).toContain('needs_review');
    const pings = bodySchema(doc.paths['/api/v1/rider-app/location/']?.post as Operation);
    expect(propertyNames(pings)).toContain('accuracy_metres');
    expect(propertyNames(pings)).not.toContain('accuracyMetres');
  });

  it('query strings are snake_case: the order list takes page_size', () => {
    const list = doc.paths['/api/v1/orders/{vertical}/']?.get as Operation;
    const query = list.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toContain('page_size');
    expect(query).not.toContain('pageSize');
  });

  it('every request key a client reads off the document reaches the schema key it names', () => {
    // The boundary camelCases what arrives; a documented key must survive that round trip.
    const keys = operations().flatMap(({ op, name }) => [
      ...propertyNames(bodySchema(op)).map((key) => ({ key, name })),
      ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ key: p.name, name })),
    ]);
    expect(keys.length).toBeGreaterThan(100);
    const wrong = keys.filter(
      ({ key }) => /[A-Z]/.test(key) || camelToSnake(snakeToCamel(key)) !== key,
    );
    expect(wrong.map(({ key, name }) => `${name}: ${key}`)).toEqual([]);
  });

  it('responses stay camelCase (the order create answer carries assignedRider)', () => {
    const created = doc.paths['/api/v1/orders/{vertical}/']?.post?.responses['201'] as {
      content: Record<string, { schema: Schema }>;
    };
    expect(propertyNames(created.content['application/json']?.schema)).toContain('assignedRider');
  });
});

describe('every operation is complete', () => {
  it('has an operationId, a summary and tags; operationIds are unique', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const incomplete = ops.filter(({ op }) => !op.operationId || !op.summary || !op.tags?.length);
    expect(incomplete.map((o) => o.name)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/orders/{vertical}/{id}/reassign/']?.post?.operationId).toBe(
      'postOrdersByVerticalByIdReassign',
    );
    expect(doc.paths['/api/v1/orders/{vertical}/{id}/reassign/']?.post?.summary).toBe(
      'Post orders reassign',
    );
    expect(doc.paths['/api/v1/orders/{vertical}/{id}/']?.get?.summary).toBe('Get orders by id');
  });

  it('declares the bearer scheme; public routes need no token, the others inherit it', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicUrls = new Set(
      t.app.routeTable
        .filter((r) => r.access === ROUTE_ACCESS.PUBLIC)
        .map((r) => r.url.replace(/:(\w+)/g, '{$1}')),
    );
    for (const { path, op, name } of operations()) {
      if (publicUrls.has(path)) expect(op.security, name).toEqual([]);
      else expect(op.security, name).toBeUndefined();
    }
    expect(doc.paths['/api/v1/auth/login/']?.post?.security).toEqual([]);
  });

  it('lists its 4xx answers, each a reference to the one Error body', () => {
    const access = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const { path, method, op, name } of operations()) {
      const routeAccess = access.get(
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      );
      const statuses = Object.keys(op.responses);
      if (routeAccess !== ROUTE_ACCESS.PUBLIC) expect(statuses, name).toContain('401');
      if (routeAccess !== ROUTE_ACCESS.PUBLIC && routeAccess !== ROUTE_ACCESS.AUTHENTICATED)
        expect(statuses, name).toContain('403');
      if (path.includes('{')) expect(statuses, name).toContain('404');
      if (bodySchema(op))
        expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '415']));
      for (const status of statuses.filter((s) => s.startsWith('4'))) {
        expect(op.responses[status]?.$ref, `${name} ${status}`).toMatch(
          /^#\/components\/responses\//,
        );
      }
    }
    for (const response of Object.values(doc.components.responses)) {
      expect(response.content['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    expect(doc.components.schemas.Error).toMatchObject({ required: ['detail'] });
    expect(doc.paths['/api/v1/auth/login/']?.post?.responses['429']).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('x-dastak');
  });

  it('names the formats the server enforces: emails, the slot lengths', () => {
    const login = bodySchema(doc.paths['/api/v1/auth/login/']!.post!) as {
      properties: Record<string, unknown>;
    };
    expect(login.properties.email).toMatchObject({ format: 'email', maxLength: EMAIL_MAX });
    const slots = JSON.stringify(doc.paths['/api/v1/orders/{vertical}/time-slots/']);
    expect(slots).toContain(`"enum":${JSON.stringify(TIME_SLOT_LENGTHS)}`);
    // Query strings ignore what they do not list; the document says so, as OpenAPI cannot mark it.
    expect(doc.info.description).toContain('Query strings are open');
  });

  it('documents only the API: not the console files', () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
