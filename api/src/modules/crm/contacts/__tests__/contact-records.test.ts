import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { login } from '#test/support/http.js';
import { startTestApi, type TestApi } from '#test/support/app.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { createContact, createContactRecords } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall } from '#test/support/crm-api.js';

let api: TestApi;
let prisma: PrismaClient;
let north: CreatedOrganization;
let south: CreatedOrganization;
let northApi: ApiCall;
/** Another organization's contact and its records: every route must answer 404 for them. */
let foreign: {
  contactId: string;
  emailId: string;
  phoneId: string;
  addressId: string;
  employmentId: string;
  linkId: string;
};

const address = {
  Label: 'Home',
  Line1: '10 Main St',
  City: 'Halifax',
  Province: 'NS',
  PostalCode: 'B3H 1A1',
  CountryName: 'Canada',
};

beforeAll(async () => {
  api = await startTestApi({ seedDemo: false });
  prisma = createPrismaClient(api.databaseUrl);
  north = await createOrganization(prisma, { name: 'North' });
  south = await createOrganization(prisma, { name: 'South' });
  northApi = apiClient(api.baseUrl, await login(api.baseUrl, north.email, north.password));
  const contact = await createContact(prisma, south, { emails: ['s@south.test'], phones: ['5550100'] });
  const records = await createContactRecords(prisma, south, contact.contactId);
  foreign = { contactId: contact.contactId, emailId: contact.emailIds[0]!, phoneId: contact.phoneIds[0]!, ...records };
});
afterAll(async () => {
  await prisma?.$disconnect();
  await api?.close();
});

async function newContact(): Promise<string> {
  return (await createContact(prisma, north)).contactId;
}

function primaries(list: { primary: boolean }[]): boolean[] {
  return list.map((item) => item.primary);
}

describe('e-mails', () => {
  it('adds e-mails (the first becomes primary), sets the primary, and promotes another when the primary goes', async () => {
    const contactId = await newContact();
    const first = await northApi('PATCH', `/api/contacts/${contactId}/emails/add`, { email: 'one@x.test' });
    expect(first.status).toBe(200);
    expect(first.body.emails).toMatchObject([{ email: 'one@x.test', primary: true, label: null }]);
    const second = await northApi('PATCH', `/api/contacts/${contactId}/emails/add`, {
      email: 'two@x.test',
      label: 'Work',
    });
    expect(primaries(second.body.emails)).toEqual([true, false]);
    const [one, two] = second.body.emails as { id: string }[];

    const switched = await northApi('PATCH', `/api/contacts/${contactId}/emails/${two!.id}/set-primary`);
    expect(primaries(switched.body.emails)).toEqual([false, true]);
    expect(switched.body.email).toBe('two@x.test');

    const removed = await northApi('PATCH', `/api/contacts/${contactId}/emails/${two!.id}/remove`);
    expect(removed.body.emails).toMatchObject([{ id: one!.id, primary: true }]);
    const empty = await northApi('PATCH', `/api/contacts/${contactId}/emails/${one!.id}/remove`);
    expect(empty.body).toMatchObject({ emails: [], email: null });

    const log = await northApi('GET', `/api/audit-logs?entityId=${contactId}&limit=1`);
    expect(log.body.items[0]).toMatchObject({
      action: 'UPDATE',
      actorId: north.userId,
      before: { emails: [{ email: 'one@x.test', primary: true }] },
      after: { emails: [] },
    });
  });

  it('serializes concurrent calls on one contact: every one succeeds and one primary remains', async () => {
    const { contactId, emailIds } = await createContact(prisma, north, {
      emails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'],
    });
    const responses = await Promise.all(
      [...emailIds, ...emailIds].map((id) => northApi('PATCH', `/api/contacts/${contactId}/emails/${id}/set-primary`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const contact = await northApi('GET', `/api/contacts/${contactId}`);
    expect(primaries(contact.body.emails).filter(Boolean)).toHaveLength(1);
  });

  it('makes an added e-mail primary when asked', async () => {
    const contactId = await newContact();
    await northApi('PATCH', `/api/contacts/${contactId}/emails/add`, { email: 'one@x.test' });
    const added = await northApi('PATCH', `/api/contacts/${contactId}/emails/add`, {
      email: 'two@x.test',
      primary: true,
    });
    expect(primaries(added.body.emails)).toEqual([false, true]);
  });

  it.each([
    [{}, 'email', 'Email is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.test', label: 'L'.repeat(101) }, 'label', 'Label must be at most 100 characters'],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/contacts/${await newContact()}/emails/add`, body), path, message);
  });

  it("answers 404 for another organization's contact or e-mail, and for another contact's e-mail", async () => {
    const contactId = await newContact();
    const { contactId: otherId, emailIds } = await createContact(prisma, north, { emails: ['o@x.test'] });
    expect(otherId).not.toBe(contactId);
    const { contactId: f, emailId } = foreign;
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/emails/add`, { email: 'a@b.test' }), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/emails/${emailId}/remove`), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/emails/${emailId}/set-primary`), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${contactId}/emails/${emailId}/remove`), 'Email');
    expectNotFound(await northApi('PATCH', `/api/contacts/${contactId}/emails/${emailIds[0]}/set-primary`), 'Email');
    expectInvalid(await northApi('PATCH', `/api/contacts/${contactId}/emails/x/remove`), 'emailId', 'Invalid email id');
  });
});

describe('phone numbers', () => {
  it('adds, sets primary and removes phone numbers, keeping exactly one primary', async () => {
    const contactId = await newContact();
    const first = await northApi('PATCH', `/api/contacts/${contactId}/phone-numbers/add`, {
      number: { countryCode: '1', number: '4165550100' },
    });
    expect(first.body.phoneNumbers).toMatchObject([
      { number: { countryCode: '1', number: '4165550100' }, type: 'MOBILE', label: null, primary: true },
    ]);
    const second = await northApi('PATCH', `/api/contacts/${contactId}/phone-numbers/add`, {
      number: { countryCode: '44', number: '2075550100' },
      type: 'LANDLINE',
      label: 'Office',
    });
    const [one, two] = second.body.phoneNumbers as { id: string }[];
    expect(primaries(second.body.phoneNumbers)).toEqual([true, false]);
    const switched = await northApi('PATCH', `/api/contacts/${contactId}/phone-numbers/${two!.id}/set-primary`);
    expect(switched.body.phoneNumber).toMatchObject({ id: two!.id, type: 'LANDLINE', label: 'Office' });
    const removed = await northApi('PATCH', `/api/contacts/${contactId}/phone-numbers/${two!.id}/remove`);
    expect(removed.body.phoneNumbers).toMatchObject([{ id: one!.id, primary: true }]);
  });

  it('keeps the digits of a number typed with brackets, hyphens, spaces and a plus', async () => {
    const contactId = await newContact();
    const added = await northApi('PATCH', `/api/contacts/${contactId}/phone-numbers/add`, {
      number: { countryCode: '+1', number: '(416) 555-0199' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.phoneNumbers).toMatchObject([{ number: { countryCode: '1', number: '4165550199' } }]);
  });

  it.each([
    [{}, 'number', 'Phone number is required'],
    [{ number: { countryCode: 'x', number: '5550100' } }, 'number.countryCode', 'Country code must be only digits'],
    [{ number: { countryCode: '', number: '5550100' } }, 'number.countryCode', 'Country code must be 1 to 3 digits'],
    [{ number: { countryCode: '1', number: '555 01OO' } }, 'number.number', 'Phone number must be only digits'],
    [{ number: { countryCode: '1', number: '1234567890123' } }, 'number.number', 'Phone number must be 4 to 12 digits'],
    [{ number: { countryCode: '1', number: '5550100' }, type: 'PAGER' }, 'type', 'Please select a valid phone type'],
    [
      { number: { countryCode: '1', number: '5550100' }, label: 'L'.repeat(101) },
      'label',
      'Label must be at most 100 characters',
    ],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(
      await northApi('PATCH', `/api/contacts/${await newContact()}/phone-numbers/add`, body),
      path,
      message,
    );
  });

  it("answers 404 for another organization's contact or phone number", async () => {
    const { contactId: f, phoneId } = foreign;
    const body = { number: { countryCode: '1', number: '5550100' } };
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/phone-numbers/add`, body), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/phone-numbers/${phoneId}/remove`), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/phone-numbers/${phoneId}/set-primary`), 'Contact');
    const mine = await newContact();
    expectNotFound(await northApi('PATCH', `/api/contacts/${mine}/phone-numbers/${phoneId}/remove`), 'Phone number');
    expectNotFound(
      await northApi('PATCH', `/api/contacts/${mine}/phone-numbers/${phoneId}/set-primary`),
      'Phone number',
    );
  });
});

describe('employments', () => {
  it('adds, sets primary, sets and clears the end date, and removes employments', async () => {
    const contactId = await newContact();
    await northApi('PATCH', `/api/contacts/${contactId}/employments/add`, {
      employerName: 'Acme',
      jobTitle: 'Engineer',
      status: 'FULL_TIME',
      startDate: '2015-01-05',
    });
    const second = await northApi('PATCH', `/api/contacts/${contactId}/employments/add`, {
      employerName: 'Bolt',
      primary: true,
    });
    expect(second.body.employments).toMatchObject([
      {
        employerName: 'Acme',
        jobTitle: 'Engineer',
        status: 'FULL_TIME',
        startDate: '2015-01-05',
        endDate: null,
        primary: false,
      },
      { employerName: 'Bolt', primary: true },
    ]);
    const [acme, bolt] = second.body.employments as { id: string }[];
    const ended = await northApi(
      'PATCH',
      `/api/contacts/${contactId}/employments/${acme!.id}/set-employment-end-date`,
      {
        endDate: '2020-06-30',
      },
    );
    expect(ended.body.employments[0]).toMatchObject({ endDate: '2020-06-30', primary: false });
    const cleared = await northApi(
      'PATCH',
      `/api/contacts/${contactId}/employments/${acme!.id}/set-employment-end-date`,
      {
        endDate: null,
      },
    );
    expect(cleared.body.employments[0].endDate).toBeNull();
    const primary = await northApi('PATCH', `/api/contacts/${contactId}/employments/${acme!.id}/set-primary`);
    expect(primaries(primary.body.employments)).toEqual([true, false]);
    const removed = await northApi('PATCH', `/api/contacts/${contactId}/employments/${acme!.id}/remove`);
    expect(removed.body.employments).toMatchObject([{ id: bolt!.id, primary: true }]);
  });

  it('refuses an end date before the start date', async () => {
    const contactId = await newContact();
    const added = await northApi('PATCH', `/api/contacts/${contactId}/employments/add`, {
      jobTitle: 'Analyst',
      startDate: '2020-01-01',
    });
    const employmentId = added.body.employments[0].id;
    expectInvalid(
      await northApi('PATCH', `/api/contacts/${contactId}/employments/${employmentId}/set-employment-end-date`, {
        endDate: '2019-12-31',
      }),
      'endDate',
      'End date must be on or after the start date',
    );
    expectInvalid(
      await northApi('PATCH', `/api/contacts/${contactId}/employments/${employmentId}/set-employment-end-date`, {
        endDate: 'soon',
      }),
      'endDate',
      'Please enter a valid date',
    );
  });

  it.each([
    [{}, 'employerName', 'Employer or job title is required'],
    [{ employerName: 'A', status: 'NAPPING' }, 'status', 'Please select a valid employment status'],
    [{ employerName: 'A', startDate: '2020-13-01' }, 'startDate', 'Please enter a valid date'],
    [{ employerName: 'A', endDate: 'x' }, 'endDate', 'Please enter a valid date'],
    [
      { employerName: 'A', startDate: '2020-01-02', endDate: '2020-01-01' },
      'endDate',
      'End date must be on or after the start date',
    ],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/contacts/${await newContact()}/employments/add`, body), path, message);
  });

  it("answers 404 for another organization's contact or employment", async () => {
    const { contactId: f, employmentId } = foreign;
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/employments/add`, { employerName: 'A' }), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/employments/${employmentId}/remove`), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/employments/${employmentId}/set-primary`), 'Contact');
    expectNotFound(
      await northApi('PATCH', `/api/contacts/${f}/employments/${employmentId}/set-employment-end-date`, {
        endDate: null,
      }),
      'Contact',
    );
    const mine = await newContact();
    expectNotFound(await northApi('PATCH', `/api/contacts/${mine}/employments/${employmentId}/remove`), 'Employment');
  });
});

describe('social links', () => {
  it('adds a link (a pasted address is cut to its branch) and removes it', async () => {
    const contactId = await newContact();
    const added = await northApi('PATCH', `/api/contacts/${contactId}/social-links/add`, {
      link: { type: 'Facebook', branch: 'https://www.facebook.com/ana.silva' },
    });
    expect(added.status).toBe(200);
    expect(added.body.socialLinks).toMatchObject([
      { type: 'Facebook', branch: 'ana.silva', url: 'https://www.facebook.com/ana.silva' },
    ]);
    const removed = await northApi(
      'PATCH',
      `/api/contacts/${contactId}/social-links/${added.body.socialLinks[0].id}/remove`,
    );
    expect(removed.body.socialLinks).toEqual([]);
  });

  it.each([
    [{ link: { type: 'website', branch: 'not a site' } }, 'link.branch', 'Please enter a valid link'],
    [{ link: { type: 'website', branch: 'localhost' } }, 'link.branch', 'Please enter a valid link'],
    [{ link: { type: 'MySpace', branch: 'ana' } }, 'link.type', 'Please select a valid link type'],
    [{ link: { type: 'Facebook' } }, 'link.branch', 'Please enter a valid link'],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/contacts/${await newContact()}/social-links/add`, body), path, message);
  });

  it("answers 404 for another organization's contact or link", async () => {
    const { contactId: f, linkId } = foreign;
    const body = { link: { type: 'Facebook', branch: 'x' } };
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/social-links/add`, body), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contacts/${f}/social-links/${linkId}/remove`), 'Contact');
    const mine = await newContact();
    expectNotFound(await northApi('PATCH', `/api/contacts/${mine}/social-links/${linkId}/remove`), 'Social link');
  });
});

describe('addresses (/contact/...)', () => {
  it('adds addresses, sets and removes the primary, and keeps one primary', async () => {
    const contactId = await newContact();
    const first = await northApi('PATCH', `/api/contact/${contactId}/add-address`, { address });
    expect(first.body.addresses).toMatchObject([
      { Label: 'Home', Line1: '10 Main St', Line2: null, City: 'Halifax', PostalCode: 'B3H 1A1', primary: true },
    ]);
    const second = await northApi('PATCH', `/api/contact/${contactId}/add-address`, {
      primary: true,
      address: { ...address, Label: 'Cottage', Line2: 'Unit 2' },
    });
    expect(primaries(second.body.addresses)).toEqual([false, true]);
    const [home, cottage] = second.body.addresses as { Id: string }[];

    const setHome = await northApi('PATCH', `/api/contact/${contactId}/set-primary-address`, { addressId: home!.Id });
    expect(primaries(setHome.body.addresses)).toEqual([true, false]);

    const unset = await northApi('PATCH', `/api/contact/${contactId}/remove-primary-address`, { addressId: home!.Id });
    expect(primaries(unset.body.addresses)).toEqual([false, true]);

    const removed = await northApi('PATCH', `/api/contact/${contactId}/remove-address/${cottage!.Id}`);
    expect(removed.body.addresses).toMatchObject([{ Id: home!.Id, primary: true }]);

    const only = await northApi('PATCH', `/api/contact/${contactId}/remove-primary-address`, { addressId: home!.Id });
    expect(only.status).toBe(409);
    expect(only.body).toMatchObject({
      code: 'CONFLICT',
      message: 'The only address stays primary: add another address first',
    });
  });

  it.each([
    [{ address: { ...address, Line1: '' } }, 'address.Line1', 'Line 1 is required'],
    [{ address: { ...address, City: undefined } }, 'address.City', 'City is required'],
    [{ address: { ...address, Province: ' ' } }, 'address.Province', 'Province is required'],
    [{ address: { ...address, PostalCode: '' } }, 'address.PostalCode', 'Postal code is required'],
    [{ address: { ...address, CountryName: '' } }, 'address.CountryName', 'Country is required'],
  ])('refuses %j', async (body, path, message) => {
    expectInvalid(await northApi('PATCH', `/api/contact/${await newContact()}/add-address`, body), path, message);
  });

  it('requires the address id of set-primary-address and remove-primary-address', async () => {
    const contactId = await newContact();
    for (const route of ['set-primary-address', 'remove-primary-address']) {
      expectInvalid(
        await northApi('PATCH', `/api/contact/${contactId}/${route}`, {}),
        'addressId',
        'Address is required',
      );
    }
  });

  it("answers 404 for another organization's contact or address", async () => {
    const { contactId: f, addressId } = foreign;
    expectNotFound(await northApi('PATCH', `/api/contact/${f}/add-address`, { address }), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contact/${f}/remove-address/${addressId}`), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contact/${f}/set-primary-address`, { addressId }), 'Contact');
    expectNotFound(await northApi('PATCH', `/api/contact/${f}/remove-primary-address`, { addressId }), 'Contact');
    const mine = await newContact();
    expectNotFound(await northApi('PATCH', `/api/contact/${mine}/remove-address/${addressId}`), 'Address');
    expectNotFound(await northApi('PATCH', `/api/contact/${mine}/set-primary-address`, { addressId }), 'Address');
    expectNotFound(await northApi('PATCH', `/api/contact/${mine}/remove-primary-address`, { addressId }), 'Address');
  });
});
