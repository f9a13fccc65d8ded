/**
 * Test support for other workspaces (`@meridian/connectors/testing`): the fake Plaid server and the
 * prism contract harness. Not part of the connectors' runtime surface.
 */
export * from './plaid/fake-server/index.js';
export * from './plaid/testing/prism.js';
