/** Reported by /api/health and the API document. */
export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';
