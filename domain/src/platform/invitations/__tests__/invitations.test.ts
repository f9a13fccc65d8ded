import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptAdvisorInvitationSchema,
  acceptClientInvitationSchema,
  acceptCreateOrgInvitationSchema,
  acceptTeamMemberInvitationSchema,
  emailListSchema,
  inviteAdvisorSchema,
  inviteClientSchema,
  inviteOrganizationSchema,
  inviteTeamMemberSchema,
  splitEmailList,
} from '../schemas.js';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('invite team member (foundations §5)', () => {
  const invite = { email: 'ana@firm.ca', team: 'team-V1StGXR8_Z5jdHi6B-myT', method: 'EMAIL' };

  it('parses the comma-separated list, ignoring whitespace', () => {
    expect(inviteTeamMemberSchema.parse(invite)).toEqual({ ...invite, email: ['ana@firm.ca'] });
    expect(inviteTeamMemberSchema.parse({ ...invite, email: ' ana@firm.ca ,\n bo @firm.ca,\tcy@x.co ' }).email).toEqual(
      ['ana@firm.ca', 'bo@firm.ca', 'cy@x.co'],
    );
    expect(splitEmailList('a@b.co,, c@d.org ,')).toEqual(['a@b.co', 'c@d.org']);
  });

  it("says 'Your input contains invalid email' for any bad entry or an empty list", () => {
    for (const email of ['ana@firm.ca, nope', 'ana@firm', 'ana.firm.ca', '', ' , ', undefined, ['ana@firm.ca']]) {
      expect(issues(inviteTeamMemberSchema, { ...invite, email })).toEqual([
        'email: Your input contains invalid email',
      ]);
    }
    expect(issues(emailListSchema, 'a@[192.168.0.1], b@example.com')).toEqual([]);
  });

  it('takes only EMAIL, LINK or SMS and requires the team', () => {
    const phone = { countryCode: '1', number: '4165550199' };
    for (const method of ['EMAIL', 'LINK', 'SMS'])
      expect(issues(inviteTeamMemberSchema, { ...invite, method, phone })).toEqual([]);
    expect(issues(inviteTeamMemberSchema, { ...invite, method: 'email', team: ' ' })).toEqual([
      'team: Team is required',
      'method: Method must be one of EMAIL, LINK, SMS',
    ]);
  });
});

describe('inviting by SMS', () => {
  const invite = { email: 'ana@firm.ca', team: 'team-V1StGXR8_Z5jdHi6B-myT', method: 'SMS' };

  it('needs a mobile number, written as people type it, for one invitee', () => {
    expect(issues(inviteTeamMemberSchema, invite)).toEqual([
      'phone: A mobile phone number is required to invite by SMS',
    ]);
    expect(
      inviteTeamMemberSchema.parse({ ...invite, phone: { countryCode: '+1', number: '(416) 555-0199' } }).phone,
    ).toEqual({ countryCode: '1', number: '4165550199' });
    expect(issues(inviteTeamMemberSchema, { ...invite, phone: { countryCode: '1', number: '416-CALL' } })).toEqual([
      'phone.number: Phone number must be only digits',
    ]);
    expect(
      issues(inviteTeamMemberSchema, {
        ...invite,
        email: 'ana@firm.ca, bo@firm.ca',
        phone: { countryCode: '1', number: '4165550199' },
      }),
    ).toEqual(['email: An SMS invitation goes to one person: enter one e-mail address']);
  });

  it('asks no phone of the other methods', () => {
    expect(issues(inviteTeamMemberSchema, { ...invite, method: 'EMAIL' })).toEqual([]);
  });
});

describe('invitation acceptance (foundations §5)', () => {
  it('requires a name for advisors and team members', () => {
    const password = 'long-enough-1';
    expect(issues(acceptAdvisorInvitationSchema, { password })).toEqual(['name: Name is required']);
    expect(issues(acceptAdvisorInvitationSchema, { name: '  ', email: 'ana@firm.ca', password })).toEqual([
      'name: Name is required',
    ]);
    expect(acceptAdvisorInvitationSchema.parse({ name: ' Ana ', password })).toEqual({ name: 'Ana', password });
    expect(issues(acceptTeamMemberInvitationSchema, { password })).toEqual(['name: Name is required']);
    expect(acceptTeamMemberInvitationSchema.parse({ name: ' Ana ', password })).toEqual({ name: 'Ana', password });
  });

  it('asks a team member for a password of at least 10 characters', () => {
    expect(issues(acceptTeamMemberInvitationSchema, { name: 'Ana' })).toEqual(['password: Password is required']);
    expect(issues(acceptTeamMemberInvitationSchema, { name: 'Ana', password: 'short' })).toEqual([
      'password: Password must be at least 10 characters',
    ]);
  });

  it('takes an optional e-mail that must be valid when given', () => {
    expect(acceptClientInvitationSchema.parse({})).toEqual({});
    expect(acceptClientInvitationSchema.parse({ email: '' })).toEqual({});
    expect(acceptClientInvitationSchema.parse({ email: ' client@home.com ' })).toEqual({ email: 'client@home.com' });
    expect(issues(acceptClientInvitationSchema, { email: 'client@home' })).toEqual([
      'email: Please enter a valid email address',
    ]);
    expect(issues(acceptAdvisorInvitationSchema, { name: 'Ana', email: 'x', password: 'long-enough-1' })).toEqual([
      'email: Please enter a valid email address',
    ]);
  });
});

describe('the invitations of the other kinds', () => {
  it('invites one advisor by e-mail or link to a team', () => {
    const team = 'team-V1StGXR8_Z5jdHi6B-myT';
    expect(inviteAdvisorSchema.parse({ email: ' ana@firm.ca ', team, method: 'LINK' })).toEqual({
      email: 'ana@firm.ca',
      team,
      method: 'LINK',
    });
    expect(issues(inviteAdvisorSchema, { email: 'ana@firm', team: ' ', method: 'SMS' })).toEqual([
      'email: Please enter a valid email address',
      'team: Team is required',
      'method: Method must be one of EMAIL, LINK',
    ]);
  });

  it("invites a client at an optional address (the contact's own by default)", () => {
    expect(inviteClientSchema.parse({ method: 'EMAIL' })).toEqual({ method: 'EMAIL' });
    expect(issues(inviteClientSchema, { method: 'EMAIL', email: 'nope' })).toEqual([
      'email: Please enter a valid email address',
    ]);
  });

  it('invites a new firm by its name', () => {
    expect(
      issues(inviteOrganizationSchema, { email: 'founder@newfirm.ca', organizationName: ' ', method: 'EMAIL' }),
    ).toEqual(['organizationName: Organization name is required']);
    expect(issues(acceptCreateOrgInvitationSchema, { name: 'Ana' })).toEqual(['password: Password is required']);
  });
});
