import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { WindowLimiter, type WindowRule } from '../../../infra/redis/window-limiter.js';

/**
 * Stops guessing invitation codes: a client (by IP address) that has tried
 * INVITATION_CODE_MAX_FAILURES unknown codes inside the window is answered 429 until the window
 * ends, whatever code it sends. Known codes do not count, so an invitee is never locked out by
 * opening their own link again. The counting is the shared `WindowLimiter` (Redis).
 */
@Injectable()
export class InvitationCodeThrottle {
  private readonly rule: WindowRule;

  constructor(
    @Inject(WindowLimiter) private readonly limiter: WindowLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rule = {
      name: 'invitation-code-failures',
      max: config.INVITATION_CODE_MAX_FAILURES,
      windowSeconds: config.INVITATION_CODE_FAILURE_WINDOW_SECONDS,
      refusal: (seconds) =>
        `Too many unknown invitation codes were tried; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
    };
  }

  assertAllowed(client: string): Promise<void> {
    return this.limiter.assertAllowed(this.rule, client);
  }

  recordFailure(client: string): Promise<void> {
    return this.limiter.record(this.rule, client);
  }
}
