/**
 * Test support for other workspaces (`@meridian/connectors/testing`): the fake Plaid server, the
 * prism contract harness, the fake Twilio Messages endpoint and the fake Stripe. Not part of the
 * connectors' runtime surface.
 */
export * from './plaid/fake-server/index.js';
export * from './plaid/testing/prism.js';
export * from './twilio/fake-server/index.js';
export * from './stripe/fake-server/index.js';
export * from './nylas/fake-server/index.js';
