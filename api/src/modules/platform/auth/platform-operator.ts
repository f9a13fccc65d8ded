import type { AppConfig } from '../../../common/config/config.js';

/**
 * Whether a user operates the hosting platform (foundations' SUPER_ADMIN kind): named in
 * PLATFORM_OPERATOR_EMAILS at start, and proved to hold that address (`emailVerifiedAt`: they
 * accepted an invitation e-mailed to it, or `npm run operator:create` vouched for it on the server).
 * Being listed alone grants nothing: an account made with the address through an invitation handed
 * over as a link or by SMS, or by the first-admin call, proved nothing about the mailbox
 * (docs/DECISIONS.md). Not a firm role: it only adds PLATFORM_OPERATE.
 */
export function isPlatformOperator(
  config: Pick<AppConfig, 'PLATFORM_OPERATOR_EMAILS'>,
  user: { email: string; emailVerifiedAt: Date | null },
): boolean {
  return user.emailVerifiedAt !== null && config.PLATFORM_OPERATOR_EMAILS.includes(user.email.toLowerCase());
}
