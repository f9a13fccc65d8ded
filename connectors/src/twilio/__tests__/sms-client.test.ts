import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../core/errors.js';
import { FakeTwilioServer, TWILIO_INVALID_TEST_NUMBER } from '../fake-server/server.js';
import { TwilioSmsClient } from '../sms-client.js';

let fake: FakeTwilioServer;
let client: TwilioSmsClient;

beforeAll(async () => {
  fake = await FakeTwilioServer.start();
  client = new TwilioSmsClient({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    fromNumber: fake.fromNumber,
    baseUrl: fake.url,
  });
});
afterAll(() => fake?.close());

async function failure(send: Promise<unknown>): Promise<ConnectorError> {
  const error = await send.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('the Twilio SDK against the fake Messages endpoint', () => {
  it('sends an SMS and answers the SID and status Twilio gave', async () => {
    const sent = await client.send({ to: '+14165550199', body: 'Your invitation: https://app.test/accept/x' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe('queued');
    expect(fake.messages.at(-1)).toMatchObject({
      sid: sent.sid,
      to: '+14165550199',
      from: fake.fromNumber,
      body: 'Your invitation: https://app.test/accept/x',
      status: 'queued',
      error_code: null,
      error_message: null,
      account_sid: fake.accountSid,
      num_segments: '1',
    });
    expect(fake.messages.at(-1)!.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it("refuses an invalid 'To' number for good, in words (21211)", async () => {
    const error = await failure(client.send({ to: TWILIO_INVALID_TEST_NUMBER, body: 'hello' }));
    expect(error).toMatchObject({ classification: 'PERMANENT', code: '21211', status: 400, retryable: false });
    expect(error.message).toBe(
      `Twilio cannot text ${TWILIO_INVALID_TEST_NUMBER}: The 'To' number ${TWILIO_INVALID_TEST_NUMBER} is not a valid phone number. (Twilio error 21211)`,
    );
    expect((await failure(client.send({ to: '4165550199', body: 'hello' }))).code).toBe('21211');
  });

  it('says the credentials are wrong (20003) without showing the token', async () => {
    const wrong = new TwilioSmsClient({
      accountSid: fake.accountSid,
      authToken: 'not-the-token',
      fromNumber: fake.fromNumber,
      baseUrl: fake.url,
    });
    const error = await failure(wrong.send({ to: '+14165550199', body: 'hello' }));
    expect(error).toMatchObject({ classification: 'AUTH', code: '20003', status: 401, retryable: false });
    expect(error.message).toContain('check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    expect(error.message).not.toContain('not-the-token');
    expect(JSON.stringify(error)).not.toContain('not-the-token');
  });

  it("retries are worth it for Twilio's 5xx and 429, and for an unreachable Twilio", async () => {
    fake.injectFault({ mode: 'server-error' });
    expect(await failure(client.send({ to: '+14165550199', body: 'hello' }))).toMatchObject({
      classification: 'TEMPORARY',
      code: '20500',
      retryable: true,
    });
    fake.injectFault({ mode: 'rate-limit' });
    expect(await failure(client.send({ to: '+14165550199', body: 'hello' }))).toMatchObject({
      classification: 'RATE_LIMITED',
      retryable: true,
    });
    const closed = await FakeTwilioServer.start();
    const address = closed.url;
    await closed.close();
    const unreachable = new TwilioSmsClient({ ...fakeSettings(), baseUrl: address });
    const error = await failure(unreachable.send({ to: '+14165550199', body: 'hello' }));
    expect(error).toMatchObject({ classification: 'TEMPORARY', code: 'ECONNREFUSED' });
    expect(error.message).toMatch(/^Twilio could not be reached/);
  });
});

function fakeSettings() {
  return { accountSid: fake.accountSid, authToken: fake.authToken, fromNumber: fake.fromNumber };
}
