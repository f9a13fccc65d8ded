export function welcomeEmail(to: { name: string; organizationName: string }): { subject: string; text: string } {
  return {
    subject: `Welcome to Meridian, ${to.name}`,
    text: [
      `Hello ${to.name},`,
      '',
      `${to.organizationName} is set up on Meridian and you are its administrator.`,
      'Sign in with this e-mail address and the password you chose.',
      '',
      '— Meridian',
    ].join('\n'),
  };
}
