import { Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  bookingLinkParamsSchema,
  bookingLinkViewSchema,
  bookingRescheduleSchema,
  type BookingLinkParams,
  type BookingLinkView,
  type BookingReschedule,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams, type RouteSpec } from '../../../common/http/api-route.js';
import { BookingLinksService } from './booking-links.service.js';

/** The client the limits count against (behind the loopback proxy, the forwarded address). */
const clientOf = (request: Request) => request.ip ?? 'unknown';

/** A public route of a booking's e-mailed link: no login, limited like the booking page's. */
const linkRoute = (summary: string, spec: Partial<RouteSpec> = {}): RouteSpec => ({
  summary,
  tags: ['meetings'],
  public: true,
  params: bookingLinkParamsSchema,
  response: bookingLinkViewSchema,
  errors: [404, 409, 429],
  ...spec,
});

/**
 * The links of a booking's confirmation e-mail (the public booking page opened with one): read
 * the booking, move it to another free slot, or cancel it, until the template's minimum
 * cancellation notice before the meeting. 404 for a link that is not valid, expired, or of a
 * booking that no longer exists.
 */
@Controller('meetings/booking-links')
export class BookingLinksController {
  constructor(@Inject(BookingLinksService) private readonly links: BookingLinksService) {}

  @Get(':token')
  @ApiRoute(
    linkRoute(
      'A booking as its client reads it by the e-mailed link: what and when, whether it is confirmed or cancelled, and whether it can still be moved or cancelled online (public)',
      { errors: [404, 429] },
    ),
  )
  view(@ValidParams() params: BookingLinkParams, @Req() request: Request): Promise<BookingLinkView> {
    return this.links.view(params.token, clientOf(request));
  }

  @Patch(':token/reschedule')
  @ApiRoute(
    linkRoute(
      'Move a booking to another free slot of its page by the e-mailed link (public): confirmed at once, the old time freed, a new invite e-mailed; 409 with a sentence when the slot is taken or not offered, or the meeting is too close to change online',
      { body: bookingRescheduleSchema },
    ),
  )
  reschedule(
    @ValidParams() params: BookingLinkParams,
    @ValidBody() body: BookingReschedule,
    @Req() request: Request,
  ): Promise<BookingLinkView> {
    return this.links.reschedule(params.token, body, clientOf(request));
  }

  @Patch(':token/cancel')
  @ApiRoute(
    linkRoute(
      'Cancel a booking by the e-mailed link (public): its time freed and a cancellation e-mailed; cancelling again answers the same; 409 when the meeting is too close to change online',
    ),
  )
  cancel(@ValidParams() params: BookingLinkParams, @Req() request: Request): Promise<BookingLinkView> {
    return this.links.cancel(params.token, clientOf(request));
  }
}
