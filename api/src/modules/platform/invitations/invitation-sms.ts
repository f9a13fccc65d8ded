/**
 * An invitation's SMS: short (two segments at most with a long team name), the link on its own
 * so phones make it tappable.
 */
export function teamMemberInvitationSms(invitation: {
  organizationName: string;
  teamName: string;
  link: string;
  expiresAt: Date;
}): string {
  const until = invitation.expiresAt.toISOString().slice(0, 10);
  return [
    `${invitation.organizationName} invites you to join ${invitation.teamName} on Meridian.`,
    `Choose your name and password (works once, until ${until}):`,
    invitation.link,
  ].join('\n');
}
