import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENUMERATIONS, FORMS } from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from '#test/support/app.js';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => api?.close());

describe('reference data', () => {
  it('serves every enumeration with the spec values', async () => {
    const response = await call<Record<string, { values: string[] }>>(api.baseUrl, 'GET', '/api/reference/enums', {
      token,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(ENUMERATIONS).sort());
    expect(response.body.ConnectionStatus!.values).toEqual(['CANCELLED', 'CREATED', 'FAILED', 'PENDING', 'SUCCESS']);
    expect(response.body.FinancialRecordType!.values).toHaveLength(12);
  });

  it('serves every form definition', async () => {
    const response = await call<Record<string, { title: string; buttons: { type: string; label: string }[] }>>(
      api.baseUrl,
      'GET',
      '/api/reference/forms',
      { token },
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(FORMS).sort());
    const createContact = Object.values(response.body).find((form) => form.title === 'Create a new contact');
    expect(createContact?.buttons).toContainEqual(expect.objectContaining({ type: 'submit', label: 'Create Contact' }));
  });
});
