import { Controller, Get, Inject, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  bookingConfirmSchema,
  bookingPageParamsSchema,
  bookingPageSchema,
  bookingRequestSchema,
  bookingSchema,
  bookingSlotsQuerySchema,
  bookingSlotsSchema,
  type Booking,
  type BookingConfirm,
  type BookingPage,
  type BookingPageParams,
  type BookingRequest,
  type BookingSlots,
  type BookingSlotsQuery,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams, ValidQuery, type RouteSpec } from '../../../common/http/api-route.js';
import { BookingService } from './booking.service.js';

/** The client the limits count against (behind the loopback proxy, the forwarded address). */
const clientOf = (request: Request) => request.ip ?? 'unknown';

/** A public route of a booking page: no login; limited per client (and per page for requests). */
const bookingRoute = (summary: string, spec: Omit<RouteSpec, 'summary' | 'tags' | 'public'>): RouteSpec => ({
  summary,
  tags: ['meetings'],
  public: true,
  ...spec,
});

/**
 * A template's public booking page (crm §7 Meetings): read it and its free slots, ask for a slot
 * (`POST /request`), confirm the booking (`PATCH /confirm`). No login: the page's id (the
 * template's scheduling configuration or its own id) is what the client is given.
 */
@Controller('meetings')
export class BookingController {
  constructor(@Inject(BookingService) private readonly booking: BookingService) {}

  @Get('booking/:configId')
  @ApiRoute(
    bookingRoute(
      'A booking page as a client sees it: what is booked (title, message, duration), the firm and team, and the time zone of its opening hours (public)',
      { params: bookingPageParamsSchema, response: bookingPageSchema, errors: [404, 429] },
    ),
  )
  page(@ValidParams() params: BookingPageParams, @Req() request: Request): Promise<BookingPage> {
    return this.booking.page(params.configId, clientOf(request));
  }

  @Get('booking/:configId/slots')
  @ApiRoute(
    bookingRoute(
      'The free slots of a booking page starting in [from, until) (ISO instants; from now for a week unless given, at most 31 days), earliest first (public)',
      {
        params: bookingPageParamsSchema,
        query: bookingSlotsQuerySchema,
        response: bookingSlotsSchema,
        errors: [404, 429],
      },
    ),
  )
  slots(
    @ValidParams() params: BookingPageParams,
    @ValidQuery() query: BookingSlotsQuery,
    @Req() request: Request,
  ): Promise<BookingSlots> {
    return this.booking.slots(params.configId, query, clientOf(request));
  }

  @Post('request')
  @ApiRoute(
    bookingRoute(
      'Ask for a free slot of a booking page with a name and e-mail (public): a requested meeting with the team’s advisor, answered with its booking id; 409 with a sentence when the slot was just taken or is not offered; `rescheduleOf` moves an earlier booking',
      { body: bookingRequestSchema, response: bookingSchema, status: 201, errors: [404, 409, 429] },
    ),
  )
  requestSlot(@ValidBody() body: BookingRequest, @Req() request: Request): Promise<Booking> {
    return this.booking.request(body, clientOf(request));
  }

  @Patch('confirm')
  @ApiRoute(
    bookingRoute(
      'Confirm a requested booking with the calendar’s event id (public); `isReschedule` cancels the meeting it moves; confirming again answers the same and changes nothing',
      { body: bookingConfirmSchema, response: bookingSchema, errors: [404, 409, 429] },
    ),
  )
  confirm(@ValidBody() body: BookingConfirm, @Req() request: Request): Promise<Booking> {
    return this.booking.confirm(body, clientOf(request));
  }
}
