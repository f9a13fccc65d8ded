/** The e-mails that carry the advisor, client and new-organization invitations. */

type Message = { subject: string; text: string };

const closing = (expiresAt: Date) => [
  '',
  `The link works once and until ${expiresAt.toUTCString()}.`,
  'If you did not expect this invitation, ignore this message.',
  '',
  '— Meridian',
];

export function advisorInvitationEmail(invitation: {
  organizationName: string;
  teamName: string;
  link: string;
  expiresAt: Date;
}): Message {
  return {
    subject: `You are invited to advise with ${invitation.teamName} at ${invitation.organizationName} on Meridian`,
    text: [
      'Hello,',
      '',
      `${invitation.organizationName} invites you to join its team "${invitation.teamName}" as an advisor on Meridian.`,
      'Open this link to choose your name and password:',
      '',
      invitation.link,
      ...closing(invitation.expiresAt),
    ].join('\n'),
  };
}

export function clientInvitationEmail(invitation: {
  firstName: string;
  organizationName: string;
  link: string;
  expiresAt: Date;
}): Message {
  return {
    subject: `${invitation.organizationName} invites you to its client portal`,
    text: [
      `Hello ${invitation.firstName},`,
      '',
      `${invitation.organizationName} invites you to its client portal on Meridian.`,
      'Open this link to accept:',
      '',
      invitation.link,
      ...closing(invitation.expiresAt),
    ].join('\n'),
  };
}

export function organizationInvitationEmail(invitation: {
  organizationName: string;
  link: string;
  expiresAt: Date;
}): Message {
  return {
    subject: `Set up ${invitation.organizationName} on Meridian`,
    text: [
      'Hello,',
      '',
      `You are invited to set up ${invitation.organizationName} on Meridian and become its administrator.`,
      'Open this link to choose your name and password:',
      '',
      invitation.link,
      ...closing(invitation.expiresAt),
    ].join('\n'),
  };
}
