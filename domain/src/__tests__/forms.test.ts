import { describe, expect, it } from 'vitest';
import { FormFieldKind } from '../shared/forms/enums.js';
import {
  addSocialProfileForm,
  assertFormMatchesHttpSchema,
  createContactForm,
  createLeadForm,
  createPlanForm,
  CRM_FORMS,
  FINANCIAL_RECORD_FORMS,
  type FormDefinition,
  formDefinitionProblems,
  FORMS,
  namedFields,
  removeFamilyMemberForm,
  routeParams,
  setConfidenceForm,
} from '../index.js';

const simpleForm: FormDefinition = {
  id: 'renameThing',
  title: 'Rename',
  fields: [{ kind: 'TextField', name: 'name', label: 'Name' }],
  buttons: [{ type: 'submit', label: 'Save' }],
  http: { method: 'PATCH', path: '/things/:thingId/rename', params: ['thingId'], body: ['name'] },
};

function fieldNamed(form: FormDefinition, name: string) {
  return namedFields(form.fields).find((field) => field.name === name);
}

describe('form definitions match their HTTP schema (foundations §2)', () => {
  it('accepts a form whose fields and route parameters are all declared', () => {
    expect(formDefinitionProblems(simpleForm)).toEqual([]);
    expect(() => assertFormMatchesHttpSchema(simpleForm)).not.toThrow();
  });

  it("fails with 'http schema missing keys' when a field is in none of body, query and params", () => {
    const form = { ...simpleForm, http: { ...simpleForm.http, body: [] } };
    expect(() => assertFormMatchesHttpSchema(form)).toThrowError(
      expect.objectContaining({
        code: 'ERR_INVALID_PROPS',
        message: 'http schema missing keys',
        details: [{ path: 'name', message: 'http schema missing keys' }],
      }),
    );
  });

  it('finds field keys in query and params too, and by the first segment of a dotted name', () => {
    const form: FormDefinition = {
      ...simpleForm,
      fields: [
        { kind: 'Header', label: 'Search' },
        { kind: 'TextField', name: 'search' },
        { kind: 'FieldGroup', fields: [{ kind: 'TextField', name: 'name.first' }] },
        { kind: 'TextField', name: 'thingId' },
      ],
      http: { method: 'GET', path: '/things/:thingId', params: ['thingId'], query: ['search', 'name'] },
    };
    expect(formDefinitionProblems(form)).toEqual([]);
  });

  it('looks inside groups for undeclared fields', () => {
    const form: FormDefinition = {
      ...simpleForm,
      fields: [...simpleForm.fields, { kind: 'FieldGroup', fields: [{ kind: 'TextField', name: 'phone.number' }] }],
    };
    expect(formDefinitionProblems(form)).toEqual([{ message: 'http schema missing keys', keys: ['phone'] }]);
  });

  it("fails with 'missing param in httpschema definition' when a colon parameter is not among the params", () => {
    const form = { ...simpleForm, http: { ...simpleForm.http, path: '/things/:thingId/parts/:partId/rename' } };
    expect(() => assertFormMatchesHttpSchema(form)).toThrowError(
      expect.objectContaining({
        code: 'ERR_INVALID_PROPS',
        message: 'missing param in httpschema definition',
        details: [{ path: 'partId', message: 'missing param in httpschema definition' }],
      }),
    );
    const noParams = { ...simpleForm, http: { method: 'PATCH' as const, path: '/things/:thingId', body: ['name'] } };
    expect(formDefinitionProblems(noParams)).toEqual([
      { message: 'missing param in httpschema definition', keys: ['thingId'] },
    ]);
  });

  it('reports missing keys first when both problems occur, with every key in the details', () => {
    const form: FormDefinition = {
      ...simpleForm,
      fields: [
        { kind: 'TextField', name: 'a' },
        { kind: 'TextField', name: 'b' },
      ],
      http: { method: 'POST', path: '/x/:xId/:yId', params: ['xId'] },
    };
    expect(() => assertFormMatchesHttpSchema(form)).toThrowError(
      expect.objectContaining({
        message: 'http schema missing keys',
        details: [
          { path: 'a', message: 'http schema missing keys' },
          { path: 'b', message: 'http schema missing keys' },
          { path: 'yId', message: 'missing param in httpschema definition' },
        ],
      }),
    );
  });

  it('reads colon parameters from a path', () => {
    expect(routeParams('/families/:familyId/members/:member/remove')).toEqual(['familyId', 'member']);
    expect(routeParams('/plans')).toEqual([]);
  });
});

describe('the product forms (foundations §2, crm §2)', () => {
  const all = [...FINANCIAL_RECORD_FORMS, ...CRM_FORMS];

  it('all match their HTTP schemas and have exactly one submit button', () => {
    for (const form of all) {
      expect(formDefinitionProblems(form), form.id).toEqual([]);
      expect(
        form.buttons.filter((button) => button.type === 'submit'),
        form.id,
      ).toHaveLength(1);
    }
  });

  it('use only the field kinds of the spec', () => {
    const kinds = all.flatMap((form) => namedFields(form.fields).map((field) => field.kind));
    for (const kind of kinds) expect(FormFieldKind).toContain(kind);
  });

  it('are registered by unique id', () => {
    expect(Object.keys(FORMS)).toHaveLength(all.length);
    expect(FORMS.createContact).toBe(createContactForm);
    expect(Object.keys(FORMS)).toEqual(
      expect.arrayContaining([
        'addOwner',
        'editName',
        'addBorrower',
        'addCosigner',
        'addAdditionalCard',
        'editCard',
        'addIncome',
        'addExpense',
        'renameStream',
        'deleteStream',
        'removeFamilyMember',
        'removeTeamMember',
        'setPrimaryNumber',
      ]),
    );
  });

  it('names the foundations forms and fields as the spec does', () => {
    expect(FINANCIAL_RECORD_FORMS.map((form) => form.title)).toEqual([
      'Add Owner',
      'Edit Name',
      'Add Borrower',
      'Add Cosigner',
      'Add Additional Card',
      'Edit Card',
      'Add Income',
      'Add Expense',
      'Rename Stream',
      'Delete Stream',
      'Remove Family Member',
    ]);
    expect(FORMS.editName?.fields.map((field) => field.label)).toEqual(['Nickname']);
    for (const id of ['addAdditionalCard', 'editCard']) {
      expect(FORMS[id]?.fields.map((field) => field.label)).toEqual(['Description', 'First 4 Digits', 'Last 4 Digits']);
    }
    for (const id of ['addIncome', 'addExpense', 'renameStream']) {
      expect(FORMS[id]?.fields.map((field) => field.label)).toEqual(['Name']);
    }
    expect(FORMS.deleteStream?.fields).toEqual([]);
    expect(removeFamilyMemberForm.fields).toEqual([]);
    expect(removeFamilyMemberForm.buttons).toEqual([{ type: 'submit', label: 'Remove', color: 'success' }]);
  });

  it('titles the crm forms and their submit buttons as the spec does', () => {
    expect([createContactForm.title, createContactForm.buttons[0]?.label]).toEqual([
      'Create a new contact',
      'Create Contact',
    ]);
    expect([createLeadForm.title, createLeadForm.buttons[0]?.label]).toEqual(['Create a new lead', 'Create Lead']);
    expect([createPlanForm.title, createPlanForm.buttons[0]?.label]).toEqual(['Create a new Plan', 'Create Plan']);
    expect(namedFields(createPlanForm.fields).map((field) => field.name)).toEqual(['householdId', 'name', 'publish']);
  });

  it('gives the contact form its defaults and shows discovery method and source only when the type is not OTHER', () => {
    expect(fieldNamed(createContactForm, 'type')?.defaultValue).toBe('LEAD');
    expect(fieldNamed(createContactForm, 'discoveryMethod')).toMatchObject({
      defaultValue: 'INBOUND',
      visibleWhen: { field: 'type', notEquals: 'OTHER' },
    });
    expect(fieldNamed(createContactForm, 'source')).toMatchObject({
      defaultValue: 'LINKED_IN',
      visibleWhen: { field: 'type', notEquals: 'OTHER' },
    });
    expect(fieldNamed(createContactForm, 'phoneNumber.number.countryCode')?.defaultValue).toBe('1');
    expect(fieldNamed(createContactForm, 'phoneNumber.type')?.defaultValue).toBe('MOBILE');
    expect(namedFields(createContactForm.fields).map((field) => field.name)).toEqual([
      'type',
      'discoveryMethod',
      'source',
      'name.first',
      'name.middle',
      'name.last',
      'name.preferred',
      'name.short',
      'gender',
      'email',
      'phoneNumber.number.countryCode',
      'phoneNumber.number.number',
      'phoneNumber.type',
      'phoneNumber.label',
    ]);
    expect(fieldNamed(createLeadForm, 'type')).toBeUndefined();
    expect(fieldNamed(createLeadForm, 'source')?.visibleWhen).toBeUndefined();
  });

  it('prefixes the social link by its type, defaulting to Facebook', () => {
    expect(fieldNamed(addSocialProfileForm, 'link.type')?.defaultValue).toBe('Facebook');
    expect(fieldNamed(addSocialProfileForm, 'link.branch')?.prefix).toMatchObject({
      field: 'link.type',
      values: { website: 'https://', LinkedIn: 'https://www.linkedin.com/in/' },
    });
  });

  it('hints 0 - 100 for the confidence', () => {
    expect(fieldNamed(setConfidenceForm, 'confidence')).toMatchObject({ hint: '0 - 100', inputType: 'number' });
  });

  it('labels enumeration options in words', () => {
    expect(fieldNamed(FORMS.setEmploymentStatus!, 'employmentStatus')?.options).toMatchObject({
      type: 'static',
      options: expect.arrayContaining([{ value: 'SELF_EMPLOYED', label: 'Self-employed' }]),
    });
  });
});
