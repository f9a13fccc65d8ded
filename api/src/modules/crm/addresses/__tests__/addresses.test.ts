import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressCompletionMessage, NewAddressMessage } from '@meridian/domain';
import { LoqateAddressCompletion } from '../loqate-address-completion.js';
import { startWithTwoFirms, signedInUser, type TwoFirms } from '#test/support/two-firms.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createContact } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';
import { FAKE_LOQATE_KEY, startFakeLoqate, type FakeLoqate } from '#test/support/fake-loqate.js';

let loqate: FakeLoqate;
let world: TwoFirms;
/** The same API and database without a completion provider. */
let offline: TestApi;
let north: ApiCall;
let northOffline: ApiCall;

beforeAll(async () => {
  loqate = await startFakeLoqate();
  world = await startWithTwoFirms({
    environment: { LOQATE_API_KEY: FAKE_LOQATE_KEY, LOQATE_BASE_URL: loqate.baseUrl },
  });
  const environment = world.api.environment;
  offline = await startTestApi({
    seedDemo: false,
    environment: { ...environment, config: { ...environment.config, LOQATE_API_KEY: undefined } },
  });
  north = apiClient(world.api.baseUrl, world.firms[0].token);
  northOffline = apiClient(offline.baseUrl, world.firms[0].token);
});
afterAll(async () => {
  await offline?.close();
  await world?.close();
  await loqate?.close();
});

async function newContact(firm = world.firms[0]): Promise<string> {
  return (await createContact(world.prisma, firm)).contactId;
}

describe('LoqateAddressCompletion against the fake Capture Interactive endpoints', () => {
  const completion = () => new LoqateAddressCompletion({ apiKey: FAKE_LOQATE_KEY, baseUrl: loqate.baseUrl });

  it('finds addresses and containers in Canada and the United States, and lists a container', async () => {
    expect(await completion().find({ text: 'maplewood' })).toEqual([
      { id: 'CA|CP|A|1000001|ENG', kind: 'ADDRESS', text: '100 Maplewood Crescent', description: 'Toronto ON M4C 1B5' },
    ]);
    const street = await completion().find({ text: 'cedarvale' });
    expect(street).toEqual([expect.objectContaining({ kind: 'CONTAINER', text: 'Cedarvale Lane' })]);
    expect((await completion().find({ container: street[0]!.id })).map((hit) => hit.text)).toEqual([
      '10 Cedarvale Lane',
      '20 Cedarvale Lane',
    ]);
    const sent = loqate.requests.find((url) => url.searchParams.get('Text') === 'maplewood')!;
    expect(sent.searchParams.get('Countries')).toBe('CA,US');
    expect(sent.searchParams.get('Key')).toBe(FAKE_LOQATE_KEY);
  });

  it('retrieves an address with the provider’s id to keep', async () => {
    expect(await completion().retrieve('US|US|A|2000001|ENG')).toEqual({
      line1: '42 Birchmount Avenue',
      line2: null,
      city: 'Albany',
      province: 'NY',
      postalCode: '12203-1234',
      countryName: 'United States',
      postCodeAnywhereId: 'US|US|A|2000001|ENG',
    });
  });

  it('reports a refused key or id as rejected, and an unreachable provider as unavailable', async () => {
    const wrongKey = new LoqateAddressCompletion({ apiKey: 'XX00-XX00-XX00-XX00', baseUrl: loqate.baseUrl });
    await expect(wrongKey.find({ text: 'maple' })).rejects.toMatchObject({ code: 'PROVIDER_REJECTED' });
    await expect(completion().retrieve('CA|CP|A|9|ENG')).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: 'The address provider refused the request: Id Invalid',
    });
    const gone = new LoqateAddressCompletion({ apiKey: FAKE_LOQATE_KEY, baseUrl: 'http://127.0.0.1:9' });
    await expect(gone.find({ text: 'maple' })).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});

describe('GET /api/addresses/suggestions', () => {
  it('answers suggestions when a provider is configured, and the chosen address in full', async () => {
    const found = await north('GET', '/api/addresses/suggestions?text=maplewood');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      configured: true,
      suggestions: [expect.objectContaining({ id: 'CA|CP|A|1000001|ENG', kind: 'ADDRESS' })],
    });
    const chosen = await north('GET', `/api/addresses/suggestions/${encodeURIComponent('CA|CP|A|1000001|ENG')}`);
    expect(chosen).toMatchObject({
      status: 200,
      body: { line1: '100 Maplewood Crescent', line2: 'Unit 4', province: 'ON', postalCode: 'M4C 1B5' },
    });
    // A refused id is the provider's answer (422), not a server error.
    expect((await north('GET', '/api/addresses/suggestions/CA%7CCP%7CA%7C9')).status).toBe(422);
  });

  it('says completion is not configured without a provider, and suggests nothing', async () => {
    expect(await northOffline('GET', '/api/addresses/suggestions?text=maplewood')).toMatchObject({
      status: 200,
      body: { configured: false, suggestions: [] },
    });
    expect(await northOffline('GET', '/api/addresses/suggestions/CA%7CCP%7CA%7C1000001%7CENG')).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: AddressCompletionMessage.notConfigured },
    });
  });

  it('is refused to a role that cannot add addresses', async () => {
    const pm = await signedInUser(world, world.firms[0], 'PM');
    const response = await apiClient(world.api.baseUrl, pm.token)('GET', '/api/addresses/suggestions?text=maple');
    expect(response.status).toBe(403);
  });
});

describe('POST /api/addresses/add-new-address', () => {
  it('keeps a completed address as the contact’s address, with its postCodeAnywhereId', async () => {
    const contactId = await newContact();
    const { body: chosen } = await north(
      'GET',
      `/api/addresses/suggestions/${encodeURIComponent('CA|CP|A|1000001|ENG')}`,
    );
    const response = await north('POST', '/api/addresses/add-new-address', { contactId, ...chosen });
    expect(response.status).toBe(201);
    expect(response.body.addresses).toEqual([
      {
        Id: expect.stringMatching(/^contact_address-/),
        Label: null,
        Line1: '100 Maplewood Crescent',
        Line2: 'Unit 4',
        City: 'Toronto',
        Province: 'ON',
        PostalCode: 'M4C 1B5',
        CountryName: 'Canada',
        PostCodeAnywhereId: 'CA|CP|A|1000001|ENG',
        primary: true,
      },
    ]);
  });

  it('writes the province as its code, the country by name and the postal code as the post does', async () => {
    const contactId = await newContact();
    const response = await north('POST', '/api/addresses/add-new-address', {
      contactId,
      line1: '1 Harbour Road',
      city: 'Charlottetown',
      province: 'Prince Edward Island',
      postalCode: 'c1a4p3',
      countryName: 'CA',
      label: 'Cottage',
    });
    expect(response.status).toBe(201);
    expect(response.body.addresses[0]).toMatchObject({
      Label: 'Cottage',
      Province: 'PE',
      PostalCode: 'C1A 4P3',
      CountryName: 'Canada',
      Line2: null,
      PostCodeAnywhereId: null,
    });
  });

  it.each([
    [{ line1: '' }, 'line1', 'Line 1 is required'],
    [{ city: undefined }, 'city', 'City is required'],
    [{ countryName: 'France' }, 'countryName', NewAddressMessage.countryUnsupported],
    [{ province: 'Texas' }, 'province', NewAddressMessage.provinceUnknownCA],
    [{ postalCode: '12345' }, 'postalCode', NewAddressMessage.postalCodeInvalidCA],
    [
      { countryName: 'United States', province: 'ON', postalCode: '10001' },
      'province',
      NewAddressMessage.provinceUnknownUS,
    ],
    [
      { countryName: 'USA', province: 'NY', postalCode: 'M4C 1B5' },
      'postalCode',
      NewAddressMessage.postalCodeInvalidUS,
    ],
    [{ contactId: 'household-x' }, 'contactId', undefined],
  ])('refuses %j', async (change, path, message) => {
    const contactId = await newContact();
    const body = {
      contactId,
      line1: '1 Harbour Road',
      city: 'Charlottetown',
      province: 'PE',
      postalCode: 'C1A 4P3',
      countryName: 'Canada',
      ...change,
    };
    const response = await north('POST', '/api/addresses/add-new-address', body);
    if (message) expectInvalid(response, path, message);
    else expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('answers 404 for another firm’s contact and writes nothing there', async () => {
    const foreign = await newContact(world.firms[1]);
    const response = await north('POST', '/api/addresses/add-new-address', {
      contactId: foreign,
      line1: '1 Harbour Road',
      city: 'Charlottetown',
      province: 'PE',
      postalCode: 'C1A 4P3',
      countryName: 'Canada',
    });
    expectNotFound(response, 'Contact');
    expect(await world.prisma.contactAddress.count({ where: { contactId: foreign } })).toBe(0);
  });
});
