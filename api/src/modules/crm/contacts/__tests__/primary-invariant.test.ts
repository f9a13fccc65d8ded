import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { holdsPrimaryRule } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createFamily, createHousehold } from '#test/support/crm-factories.js';
import { apiClient, type ApiCall, type Body } from '#test/support/crm-api.js';

// "Exactly one primary" (crm §3) under any sequence of add / remove / set-primary calls: after every
// call, a kind with records has exactly one primary, and none only when no record remains.

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let northApi: ApiCall;

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

type Operation =
  | { kind: 'add'; primary: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'setPrimary'; pick: number }
  | { kind: 'unsetPrimary'; pick: number };

const pick = fc.nat({ max: 20 });
const operations = (withUnset: boolean) =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('add' as const), primary: fc.boolean() }),
      fc.record({ kind: fc.constant('remove' as const), pick }),
      fc.record({ kind: fc.constant('setPrimary' as const), pick }),
      ...(withUnset ? [fc.record({ kind: fc.constant('unsetPrimary' as const), pick })] : []),
    ),
    { minLength: 1, maxLength: 12 },
  );

/** How one kind of record is added, removed and made primary over HTTP, and where the response lists it. */
interface Kind {
  name: string;
  owner: () => Promise<string>;
  list: (body: Body) => { id: string; primary: boolean }[];
  add: (ownerId: string, primary: boolean) => [string, string, unknown];
  remove: (ownerId: string, id: string) => [string, string, unknown];
  setPrimary: (ownerId: string, id: string) => [string, string, unknown];
  unsetPrimary?: (ownerId: string, id: string) => [string, string, unknown];
  read: (ownerId: string) => string;
}

const address = { Line1: '1 Rue', City: 'Montréal', Province: 'QC', PostalCode: 'H2X 1Y4', CountryName: 'Canada' };
const newContact = async () => (await createContact(prisma, north)).contactId;
const byId = (items: { id?: string; Id?: string; primary: boolean }[]) =>
  items.map((item) => ({ id: (item.id ?? item.Id)!, primary: item.primary }));

const KINDS: Kind[] = [
  {
    name: 'e-mails',
    owner: newContact,
    list: (body) => byId(body.emails),
    add: (c, primary) => [
      'PATCH',
      `/api/contacts/${c}/emails/add`,
      { email: `e${Math.random()}@x.test`.replace('0.', ''), primary },
    ],
    remove: (c, id) => ['PATCH', `/api/contacts/${c}/emails/${id}/remove`, undefined],
    setPrimary: (c, id) => ['PATCH', `/api/contacts/${c}/emails/${id}/set-primary`, undefined],
    read: (c) => `/api/contacts/${c}`,
  },
  {
    name: 'phone numbers',
    owner: newContact,
    list: (body) => byId(body.phoneNumbers),
    add: (c, primary) => [
      'PATCH',
      `/api/contacts/${c}/phone-numbers/add`,
      { number: { countryCode: '1', number: '5550100' }, primary },
    ],
    remove: (c, id) => ['PATCH', `/api/contacts/${c}/phone-numbers/${id}/remove`, undefined],
    setPrimary: (c, id) => ['PATCH', `/api/contacts/${c}/phone-numbers/${id}/set-primary`, undefined],
    read: (c) => `/api/contacts/${c}`,
  },
  {
    name: 'employments',
    owner: newContact,
    list: (body) => byId(body.employments),
    add: (c, primary) => ['PATCH', `/api/contacts/${c}/employments/add`, { employerName: 'Acme', primary }],
    remove: (c, id) => ['PATCH', `/api/contacts/${c}/employments/${id}/remove`, undefined],
    setPrimary: (c, id) => ['PATCH', `/api/contacts/${c}/employments/${id}/set-primary`, undefined],
    read: (c) => `/api/contacts/${c}`,
  },
  {
    name: 'contact addresses',
    owner: newContact,
    list: (body) => byId(body.addresses),
    add: (c, primary) => ['PATCH', `/api/contact/${c}/add-address`, { primary, address }],
    remove: (c, id) => ['PATCH', `/api/contact/${c}/remove-address/${id}`, undefined],
    setPrimary: (c, id) => ['PATCH', `/api/contact/${c}/set-primary-address`, { addressId: id }],
    unsetPrimary: (c, id) => ['PATCH', `/api/contact/${c}/remove-primary-address`, { addressId: id }],
    read: (c) => `/api/contacts/${c}`,
  },
  {
    name: 'family addresses',
    owner: async () => createFamily(prisma, north, await createHousehold(prisma, north), []),
    list: (body) => byId(body.addresses),
    add: (f, primary) => ['PATCH', `/api/family/${f}/add-address`, { primary, address }],
    remove: (f, id) => ['PATCH', `/api/family/${f}/remove-address/${id}`, undefined],
    setPrimary: (f, id) => ['PATCH', `/api/family/${f}/set-primary-address`, { addressId: id }],
    read: (f) => `/api/families/${f}`,
  },
];

describe('exactly one primary, under any sequence of calls (fast-check)', () => {
  it.each(KINDS.map((kind) => [kind.name, kind] as const))('%s', async (_name, kind) => {
    await fc.assert(
      fc.asyncProperty(operations(kind.unsetPrimary !== undefined), async (sequence: Operation[]) => {
        const owner = await kind.owner();
        let records: { id: string; primary: boolean }[] = [];
        for (const operation of sequence) {
          const target =
            records.length === 0 ? undefined : records['pick' in operation ? operation.pick % records.length : 0];
          let request: [string, string, unknown] | undefined;
          if (operation.kind === 'add') request = kind.add(owner, operation.primary);
          else if (target && operation.kind === 'remove') request = kind.remove(owner, target.id);
          else if (target && operation.kind === 'setPrimary') request = kind.setPrimary(owner, target.id);
          else if (target && operation.kind === 'unsetPrimary') request = kind.unsetPrimary!(owner, target.id);
          if (!request) continue;
          const response = await northApi(...request);
          const onlyRecordStaysPrimary = operation.kind === 'unsetPrimary' && records.length === 1;
          expect(response.status).toBe(onlyRecordStaysPrimary ? 409 : 200);
          if (response.status === 200) records = kind.list(response.body);
          expect(holdsPrimaryRule(records)).toBe(true);
          if (operation.kind === 'setPrimary' && target) {
            expect(records.find((record) => record.primary)?.id).toBe(target.id);
          }
        }
        // What the API answered is what it stored.
        const stored = await northApi('GET', kind.read(owner));
        expect(kind.list(stored.body)).toEqual(records);
      }),
      { numRuns: 15 },
    );
  });
});
