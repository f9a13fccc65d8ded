// Offerings and package templates: the bodies, queries and answers of their routes.
export * from './schemas.js';
