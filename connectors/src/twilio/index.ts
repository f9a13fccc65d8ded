export * from './sms-client.js';
