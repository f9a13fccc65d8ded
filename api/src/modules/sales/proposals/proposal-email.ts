/** The e-mail that carries a recipient's link to their proposal (sent and resent alike). */
export function proposalEmail(proposal: {
  firstName: string;
  organizationName: string;
  householdName: string | null;
  link: string;
  expiresAt: Date;
  resend: boolean;
}): { subject: string; text: string } {
  const about = proposal.householdName ? ` for ${proposal.householdName}` : '';
  return {
    subject: proposal.resend
      ? `Reminder: your proposal from ${proposal.organizationName}`
      : `Your proposal from ${proposal.organizationName}`,
    text: [
      proposal.firstName ? `Hello ${proposal.firstName},` : 'Hello,',
      '',
      `${proposal.organizationName} has prepared a proposal${about}.`,
      'Open this link to read the offers and their fees, then accept the proposal or ask for changes:',
      '',
      proposal.link,
      '',
      `The link works until ${proposal.expiresAt.toUTCString()}. It is yours: please do not forward it.`,
      'If you have questions, reply to your advisor directly.',
      '',
      `— ${proposal.organizationName}, through Meridian`,
    ].join('\n'),
  };
}

/** The address of a recipient's page in the dashboard. */
export function proposalLink(publicBase: string, token: string): string {
  return `${publicBase.replace(/\/+$/, '')}/proposal/${token}`;
}
