export function teamMemberInvitationEmail(invitation: {
  organizationName: string;
  teamName: string;
  link: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  return {
    subject: `You are invited to join ${invitation.teamName} at ${invitation.organizationName} on Meridian`,
    text: [
      'Hello,',
      '',
      `${invitation.organizationName} invites you to join its team "${invitation.teamName}" on Meridian.`,
      'Open this link to choose your name and password:',
      '',
      invitation.link,
      '',
      `The link works once and until ${invitation.expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, ignore this message.',
      '',
      '— Meridian',
    ].join('\n'),
  };
}
