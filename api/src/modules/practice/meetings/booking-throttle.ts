import { Inject, Injectable } from '@nestjs/common';
import { BookingMessage } from '@meridian/domain';
import { WindowLimiter, type WindowRule } from '../../../infra/redis/window-limiter.js';

/**
 * The limits of the public booking routes, counted in Redis so every API process agrees. A page
 * id is a template's id or its provider configuration, not a signed token, so the counts are what
 * stops both guessing page and booking ids and flooding an advisor's calendar:
 * - reads (the page and its slots) per client: a visitor browses a few weeks of slots, a scraper
 *   or a guesser hundreds of pages;
 * - requests and confirmations per client: a person books a handful of meetings an hour;
 * - requests per page: a burst of bookings from many addresses would otherwise fill a calendar.
 * Every call counts, found or not, so an unknown id costs a guess like a known one.
 * The limits are constants until they earn a setting of their own (common/config).
 */
export const BOOKING_LIMITS = {
  pageViewsPerClient: { max: 300, windowSeconds: 10 * 60 },
  bookingsPerClient: { max: 10, windowSeconds: 60 * 60 },
  bookingsPerPage: { max: 60, windowSeconds: 60 * 60 },
} as const;

@Injectable()
export class BookingThrottle {
  private readonly pageViews: WindowRule = {
    name: 'booking-page-client',
    ...BOOKING_LIMITS.pageViewsPerClient,
    refusal: BookingMessage.tooManyPageViews,
  };
  private readonly clientBookings: WindowRule = {
    name: 'booking-request-client',
    ...BOOKING_LIMITS.bookingsPerClient,
    refusal: BookingMessage.tooManyFromClient,
  };
  private readonly pageBookings: WindowRule = {
    name: 'booking-request-page',
    ...BOOKING_LIMITS.bookingsPerPage,
    refusal: BookingMessage.tooManyForPage,
  };

  constructor(@Inject(WindowLimiter) private readonly limiter: WindowLimiter) {}

  /** A read of a booking page or its slots by `client`: 429 past the limit. */
  viewed(client: string): Promise<void> {
    return this.limiter.take(this.pageViews, client);
  }

  /** A request or confirmation sent by `client`: 429 past the limit. */
  sentBy(client: string): Promise<void> {
    return this.limiter.take(this.clientBookings, client);
  }

  /** A request made on the template `templateId`'s page: 429 past the limit. */
  sentTo(templateId: string): Promise<void> {
    return this.limiter.take(this.pageBookings, templateId);
  }
}
