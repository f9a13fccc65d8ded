import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_WORKFLOW_TEMPLATES,
  BuiltInWorkflowTemplateKey,
  WorkflowTemplateMessage,
  isStepComplete,
  openStepIndex,
  registeredAccountWorkflows,
  ruleTaskDueDate,
  workflowProgress,
  workflowTaskDueDate,
  workflowTemplateSchema,
} from '../index.js';

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('workflow templates', () => {
  it('keeps every built-in template valid, so a firm can copy and save it as it is', () => {
    for (const key of BuiltInWorkflowTemplateKey) {
      expect(workflowTemplateSchema.safeParse(BUILT_IN_WORKFLOW_TEMPLATES[key]).success).toBe(true);
    }
  });

  it('refuses a template without steps, a step without a name, and a document requirement without a label', () => {
    const result = workflowTemplateSchema.safeParse({
      name: 'Mine',
      subject: 'HOUSEHOLD',
      steps: [{ name: ' ', tasks: [], requirements: [{ kind: 'DOCUMENT_UPLOADED' }] }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(WorkflowTemplateMessage.stepNameRequired);
    expect(messages).toContain(WorkflowTemplateMessage.requirementLabelRequired);
    const empty = workflowTemplateSchema.safeParse({ name: 'Mine', subject: 'HOUSEHOLD', steps: [] });
    expect(empty.error!.issues.map((issue) => issue.message)).toEqual([WorkflowTemplateMessage.stepsRequired]);
  });
});

describe('workflow progress', () => {
  const done = { status: 'DONE' as const };
  const todo = { status: 'TODO' as const };
  const cancelled = { status: 'CANCELLED' as const };

  it('opens the next step when every task of the one before is done or cancelled and its requirements met', () => {
    const first = { tasks: [done, cancelled], requirements: [{ met: true, cancelled: false }] };
    const second = { tasks: [todo], requirements: [] };
    expect(isStepComplete(first)).toBe(true);
    expect(openStepIndex([first, second])).toBe(1);
  });

  it('holds a step open while a requirement is unmet, unless it was cancelled', () => {
    expect(isStepComplete({ tasks: [done], requirements: [{ met: false, cancelled: false }] })).toBe(false);
    expect(isStepComplete({ tasks: [done], requirements: [{ met: false, cancelled: true }] })).toBe(true);
    expect(openStepIndex([{ tasks: [done], requirements: [] }])).toBeNull();
  });

  it('counts done work out of what is not cancelled', () => {
    expect(
      workflowProgress([
        { tasks: [done, cancelled, todo], requirements: [{ met: true, cancelled: false }] },
        { tasks: [todo], requirements: [{ met: false, cancelled: true }] },
      ]),
    ).toEqual({ done: 2, total: 4 });
  });

  it('dates a task from the start or from when its step opened', () => {
    expect(workflowTaskDueDate({ dueInDays: 14, dueFrom: 'STEP_OPEN' }, day('2026-01-01'), day('2026-02-01'))).toEqual(
      day('2026-02-15'),
    );
    expect(
      workflowTaskDueDate({ dueInDays: 90, dueFrom: 'WORKFLOW_START' }, day('2026-01-01'), day('2026-02-01')),
    ).toEqual(day('2026-04-01'));
  });
});

describe('registered-account rules', () => {
  const person = (dateOfBirth: string | null, ...types: string[]) => ({
    personId: 'person-1',
    dateOfBirth,
    accounts: types.map((type, index) => ({ accountId: `acct-${index}`, type })),
  });

  it('starts the conversion for an RRSP holder turning 71 this year, saying why and by when', () => {
    const [match, ...rest] = registeredAccountWorkflows(person('1955-11-28', 'RRSP'), '2026-11-28');
    expect(rest).toEqual([]);
    expect(match).toEqual({
      rule: 'CONVERSION_AT_71',
      key: 'CONVERSION_AT_71:acct-0',
      personId: 'person-1',
      accountId: 'acct-0',
      templateKey: 'RRSP_TO_RRIF_CONVERSION',
      workflowName: 'RRSP to RRIF conversion',
      deadline: '2026-12-31',
      reason: 'turns 71 on 2026-11-28: the RRSP must be converted by December 31, 2026',
    });
  });

  it('announces it the year before, and converts a LIRA to a LIF', () => {
    const [match] = registeredAccountWorkflows(person('1956-03-04', 'LIRA'), '2026-11-28');
    expect(match).toMatchObject({
      workflowName: 'LIRA to LIF conversion',
      deadline: '2027-12-31',
      reason: 'turns 71 on 2027-03-04: the LIRA must be converted by December 31, 2027',
    });
    expect(registeredAccountWorkflows(person('1957-03-04', 'RRSP'), '2026-11-28')).toEqual([]);
  });

  it('keeps the same key on every run, so the conversion starts once', () => {
    const first = registeredAccountWorkflows(person('1955-06-01', 'RRSP'), '2026-06-01');
    const later = registeredAccountWorkflows(person('1955-06-01', 'RRSP'), '2026-06-02');
    expect(first.map((match) => match.key)).toEqual(later.map((match) => match.key));
  });

  it('says a missed conversion is late', () => {
    const [match] = registeredAccountWorkflows(person('1950-05-05', 'RRSP'), '2026-11-28');
    expect(match).toMatchObject({
      deadline: '2026-11-28',
      reason: 'turned 71 on 2021-05-05: the RRSP should have been converted by December 31, 2021',
    });
  });

  it('asks for each year’s RRIF minimum, at the rate of the age on January 1', () => {
    const [match] = registeredAccountWorkflows(person('1954-07-01', 'RRIF'), '2026-02-01');
    expect(match).toMatchObject({
      rule: 'INCOME_FUND_WITHDRAWAL',
      key: 'INCOME_FUND_WITHDRAWAL:acct-0:2026',
      deadline: '2026-12-31',
      reason:
        'is 71 on January 1, 2026: the RRIF must pay out at least 5.28% of its January 1 balance by December 31, 2026',
    });
    const [nextYear] = registeredAccountWorkflows(person('1954-07-01', 'RRIF'), '2027-01-05');
    expect(nextYear!.key).toBe('INCOME_FUND_WITHDRAWAL:acct-0:2027');
  });

  it('gives a LIF its minimum and maximum', () => {
    const [match] = registeredAccountWorkflows(person('1960-06-01', 'LIF'), '2026-03-01');
    expect(match!.reason).toBe(
      'is 65 on January 1, 2026: the LIF must pay out between 4.00% and 5.79% of its January 1 balance by December 31, 2026',
    );
  });

  it('announces RDSP payments the year before the beneficiary turns 60, until that year ends', () => {
    expect(registeredAccountWorkflows(person('1967-09-09', 'RDSP'), '2026-11-28')[0]).toMatchObject({
      rule: 'RDSP_PAYMENTS_FROM_60',
      deadline: '2027-12-31',
      reason: 'turns 60 on 2027-09-09: disability assistance payments from the RDSP must begin by December 31, 2027',
    });
    expect(registeredAccountWorkflows(person('1965-09-09', 'RDSP'), '2026-11-28')).toEqual([]);
  });

  it('asks nothing of a person without a birth date or of other accounts', () => {
    expect(registeredAccountWorkflows(person(null, 'RRSP'), '2026-11-28')).toEqual([]);
    expect(registeredAccountWorkflows(person('1950-01-01', 'TFSA', 'CASH'), '2026-11-28')).toEqual([]);
  });

  it('never dates a rule’s task after its deadline', () => {
    expect(ruleTaskDueDate('2027-01-15', '2026-12-31')).toBe('2026-12-31');
    expect(ruleTaskDueDate('2026-12-01', '2026-12-31')).toBe('2026-12-01');
  });
});
