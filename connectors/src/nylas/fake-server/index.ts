// Named one by one: the testing entry point also re-exports the other fakes, whose helpers share
// some names (requestId, errorPayload).
export {
  type FakeCalendar,
  type FakeEvent,
  type FakeEventStatus,
  type FakeGrant,
  type FakeGrantProvider,
  type FakeMessage,
  type FakeThread,
  NylasWebhookTrigger,
  type WireEmailName,
  type WireParticipant,
  type WireWhen,
} from './payloads.js';
export {
  FakeNylasOperation,
  FakeNylasServer,
  type FakeNylasFault,
  type FakeNylasFaultScope,
  type FakeNylasRequest,
  type FakeNylasServerOptions,
  type FakeNylasWebhookOutcome,
} from './server.js';
export { type FakeEventChange, type FakeEventSeed, type FakeMessageSeed, FakeNylasState } from './state.js';
export { NylasDeliveryVariant, type NylasWebhookDelivery, signedNylasDelivery } from './webhook-signer.js';
