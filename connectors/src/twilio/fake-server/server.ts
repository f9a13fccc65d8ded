/**
 * A local stand-in for Twilio's Messages endpoint (REST API 2010-04-01), on node:http:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form-encoded `To`, `From` and
 * `Body`, HTTP basic auth with the account SID and auth token. It answers Twilio's message
 * resource (`sid` `SM…`, `status` `queued`, `date_created` as an RFC 2822 date, ...) and Twilio's
 * error body (`code`, `message`, `more_info`, `status`) for:
 * - wrong or missing credentials: 401, code 20003;
 * - a missing `To`, `From` or `Body`: 400, codes 21604, 21603, 21602;
 * - a `To` that is not an E.164 number, or Twilio's magic test number +15005550001: 400, 21211;
 * - a `From` other than the account's number: 400, 21606;
 * - an injected fault (`injectFault`): 500 (code 20500) or 429 (code 20429).
 * Messages taken are kept in `messages`, in order, for tests to read.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../core/loopback-server.js';

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's one sending number. */
  fromNumber?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
}

/** Twilio's message resource, as its API answers it. */
export interface FakeTwilioMessage {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: 'outbound-api';
  error_code: number | null;
  error_message: string | null;
  from: string;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  sid: string;
  status: 'queued';
  subresource_uris: Record<string, string>;
  to: string;
  uri: string;
}

export type FakeTwilioFault = { mode: 'server-error' } | { mode: 'rate-limit' };

const E164 = /^\+[1-9]\d{6,14}$/;
/** Twilio's test number that is "invalid" for its test credentials; refused here too. */
export const TWILIO_INVALID_TEST_NUMBER = '+15005550001';
const PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

class TwilioFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The 160-character GSM segments Twilio bills a body in (153 per part once it is split). */
function segments(body: string): number {
  return body.length <= 160 ? 1 : Math.ceil(body.length / 153);
}

export class FakeTwilioServer {
  readonly accountSid: string;
  readonly authToken: string;
  readonly fromNumber: string;
  /** Messages taken, in order. */
  readonly messages: FakeTwilioMessage[] = [];
  /** Every request's answer status, in order (taken, refused or failed). */
  readonly answers: number[] = [];
  private readonly faults: { fault: FakeTwilioFault; remaining: number }[] = [];
  private url_ = '';

  private constructor(
    private readonly server: Server,
    options: FakeTwilioOptions,
  ) {
    this.accountSid = options.accountSid ?? `AC${'0'.repeat(30)}01`;
    this.authToken = options.authToken ?? 'fake-twilio-auth-token';
    this.fromNumber = options.fromNumber ?? '+15005550006';
  }

  static async start(options: FakeTwilioOptions = {}): Promise<FakeTwilioServer> {
    const server = createServer();
    const fake = new FakeTwilioServer(server, options);
    fake.url_ = await listenOnLoopback(server, (request, response) => fake.handle(request, response), options);
    return fake;
  }

  /** e.g. http://127.0.0.1:41234: what TWILIO_BASE_URL is set to. */
  get url(): string {
    return this.url_;
  }

  /** The next `times` message requests fail with the fault (default once). */
  injectFault(fault: FakeTwilioFault, times = 1): void {
    this.faults.push({ fault, remaining: times });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let status = 500;
    let body: unknown;
    try {
      const form = new URLSearchParams(await readBody(request));
      body = this.answer(request, form);
      status = 201;
    } catch (error) {
      if (error instanceof TwilioFailure) {
        status = error.status;
        body = {
          code: error.code,
          message: error.message,
          more_info: `https://www.twilio.com/docs/errors/${error.code}`,
          status: error.status,
        };
      } else {
        body = { code: 20500, message: 'Internal Server Error', more_info: '', status: 500 };
      }
    }
    this.answers.push(status);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  private answer(request: IncomingMessage, form: URLSearchParams): FakeTwilioMessage {
    const url = new URL(request.url ?? '/', 'http://fake');
    const match = PATH.exec(url.pathname);
    if (!match) throw new TwilioFailure(404, 20404, `The requested resource ${url.pathname} was not found`);
    if (request.method !== 'POST') throw new TwilioFailure(405, 20004, 'Method not allowed');
    if (!this.authenticated(request, decodeURIComponent(match[1]!))) {
      throw new TwilioFailure(401, 20003, 'Authenticate');
    }
    const fault = this.faults.find((rule) => rule.remaining > 0);
    if (fault) {
      fault.remaining -= 1;
      if (fault.fault.mode === 'rate-limit') throw new TwilioFailure(429, 20429, 'Too Many Requests');
      throw new TwilioFailure(500, 20500, 'Internal Server Error');
    }
    const to = form.get('To')?.trim() ?? '';
    const from = form.get('From')?.trim() ?? '';
    const text = form.get('Body') ?? '';
    if (!to) throw new TwilioFailure(400, 21604, "A 'To' phone number is required.");
    if (!from) throw new TwilioFailure(400, 21603, "A 'From' phone number is required.");
    if (!text) throw new TwilioFailure(400, 21602, 'Message body is required.');
    if (!E164.test(to) || to === TWILIO_INVALID_TEST_NUMBER) {
      throw new TwilioFailure(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (from !== this.fromNumber) {
      throw new TwilioFailure(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const uri = `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`;
    const message: FakeTwilioMessage = {
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      body: text,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: String(segments(text)),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: uri.replace('.json', '/Media.json') },
      to,
      uri,
    };
    this.messages.push(message);
    return message;
  }

  private authenticated(request: IncomingMessage, pathAccount: string): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    return (
      separator > 0 &&
      decoded.slice(0, separator) === this.accountSid &&
      decoded.slice(separator + 1) === this.authToken &&
      pathAccount === this.accountSid
    );
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
