import { Inject, Injectable } from '@nestjs/common';
import { ProposalLinkMessage } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { WindowLimiter, type WindowRule } from '../../../infra/redis/window-limiter.js';

/**
 * Stops guessing proposal links, as invitation codes are guarded: a client (by IP address) that
 * has sent INVITATION_CODE_MAX_FAILURES links that are not valid inside the window is answered 429
 * until the window ends, whatever link it sends. A link that was valid (even expired, or of a
 * revoked proposal) does not count, so a client is never locked out by opening their own link.
 */
@Injectable()
export class ProposalLinkThrottle {
  private readonly rule: WindowRule;

  constructor(
    @Inject(WindowLimiter) private readonly limiter: WindowLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rule = {
      name: 'proposal-link-failures',
      max: config.INVITATION_CODE_MAX_FAILURES,
      windowSeconds: config.INVITATION_CODE_FAILURE_WINDOW_SECONDS,
      refusal: ProposalLinkMessage.tooManyAttempts,
    };
  }

  assertAllowed(client: string): Promise<void> {
    return this.limiter.assertAllowed(this.rule, client);
  }

  recordFailure(client: string): Promise<void> {
    return this.limiter.record(this.rule, client);
  }
}
