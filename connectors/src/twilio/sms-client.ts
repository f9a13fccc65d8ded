import twilio from 'twilio';
import { ConnectorError, classifyHttpStatus, isNetworkErrorCode } from '../core/errors.js';

/** Twilio's address; `baseUrl` replaces it (a fake in tests, a proxy in some deployments). */
export const TWILIO_API_ORIGIN = 'https://api.twilio.com';

export interface TwilioSmsSettings {
  accountSid: string;
  /** A secret: kept inside the SDK's client, never logged nor put in an error. */
  authToken: string;
  /** The sending number (E.164) of the account. */
  fromNumber: string;
  /** Instead of https://api.twilio.com (scheme, host and port; Twilio's paths are kept). */
  baseUrl?: string;
  /** How long one call may take before it fails as a (retried) timeout; 15 s unless told. */
  timeoutMs?: number;
}

export interface SmsToSend {
  /** E.164: `+` then the country code and number. */
  to: string;
  body: string;
}

export interface SentSms {
  /** Twilio's message SID (`SM…`). */
  sid: string;
  /** Twilio's status of the new message: `queued` or `accepted` when it was taken. */
  status: string;
}

/**
 * Twilio's error codes that say the recipient cannot be texted: retrying gives the same answer.
 * 21211 invalid 'To', 21408 region not enabled, 21610 the recipient unsubscribed (STOP),
 * 21612 unreachable by this sender, 21614 not a mobile number.
 */
const RECIPIENT_REFUSALS = new Set([21211, 21408, 21610, 21612, 21614]);

/** The SDK's own request client, sending to `baseUrl` instead of Twilio's hosts when one is given. */
function requestClient(timeout: number, baseUrl?: string): twilio.RequestClient {
  const client = new twilio.RequestClient({ timeout, autoRetry: false });
  if (!baseUrl) return client;
  const base = new URL(baseUrl);
  const send = client.request.bind(client);
  client.request = ((opts: Parameters<typeof send>[0]) => {
    const target = new URL(opts.uri);
    target.protocol = base.protocol;
    target.host = base.host;
    return send({ ...opts, uri: target.href });
  }) as typeof client.request;
  return client;
}

/**
 * Sends one SMS through the official Twilio SDK (`messages.create`). Every failure is a
 * `ConnectorError` whose message says what went wrong in words: a refused number or credentials
 * are PERMANENT / AUTH (not retried), Twilio's 429 RATE_LIMITED, its 5xx and network failures
 * TEMPORARY.
 */
export class TwilioSmsClient {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSmsSettings) {
    const timeout = settings.timeoutMs ?? 15_000;
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: requestClient(timeout, settings.baseUrl),
    });
  }

  /** Where messages go, for the worker's start-up line (never the token). */
  get description(): string {
    const host = this.settings.baseUrl ? new URL(this.settings.baseUrl).host : new URL(TWILIO_API_ORIGIN).host;
    return `Twilio ${host} (account ${this.settings.accountSid}, from ${this.settings.fromNumber})`;
  }

  async send(message: SmsToSend): Promise<SentSms> {
    try {
      const sent = await this.client.messages.create({
        to: message.to,
        from: this.settings.fromNumber,
        body: message.body,
      });
      return { sid: sent.sid, status: sent.status };
    } catch (error) {
      throw twilioError(error, message.to);
    }
  }
}

/** A failed `messages.create` as a classified ConnectorError, its message fit to show an administrator. */
export function twilioError(error: unknown, to: string): ConnectorError {
  if (error instanceof twilio.RestException) {
    const status = error.status;
    const code = typeof error.code === 'number' ? error.code : undefined;
    const said = error.message?.trim() || `HTTP ${status}`;
    const reference = code === undefined ? `HTTP ${status}` : `Twilio error ${code}`;
    const options = {
      code: code === undefined ? `HTTP_${status}` : String(code),
      status,
      operation: 'messages.create',
    };
    if (code !== undefined && RECIPIENT_REFUSALS.has(code)) {
      return new ConnectorError('PERMANENT', `Twilio cannot text ${to}: ${said} (${reference})`, options);
    }
    if (code === 20003 || status === 401) {
      return new ConnectorError(
        'AUTH',
        `Twilio refused the account's credentials (${reference}); check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN`,
        options,
      );
    }
    const classification = code === 20429 ? 'RATE_LIMITED' : classifyHttpStatus(status);
    const prefix = classification === 'PERMANENT' ? 'Twilio refused the message' : 'Twilio could not take the message';
    return new ConnectorError(classification, `${prefix}: ${said} (${reference})`, options);
  }
  const networkCode = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (isNetworkErrorCode(networkCode) || (error instanceof Error && /timeout/i.test(error.message))) {
    return new ConnectorError('TEMPORARY', `Twilio could not be reached (${detail})`, {
      code: typeof networkCode === 'string' ? networkCode : 'NETWORK',
      operation: 'messages.create',
      cause: error,
    });
  }
  return new ConnectorError('TEMPORARY', `Sending the SMS failed: ${detail}`, {
    code: 'UNKNOWN',
    operation: 'messages.create',
    cause: error,
  });
}
