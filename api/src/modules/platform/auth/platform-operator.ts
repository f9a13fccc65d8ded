import type { AppConfig } from '../../../common/config/config.js';

/**
 * Whether the user of `email` operates the hosting platform (foundations' SUPER_ADMIN kind): named
 * in PLATFORM_OPERATOR_EMAILS at start. Not a firm role: it only adds PLATFORM_OPERATE.
 */
export function isPlatformOperator(config: Pick<AppConfig, 'PLATFORM_OPERATOR_EMAILS'>, email: string): boolean {
  return config.PLATFORM_OPERATOR_EMAILS.includes(email.toLowerCase());
}
