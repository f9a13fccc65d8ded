import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built dashboard at `/` and answers its client-side routes with index.html; everything
 * under /api is left to the API.
 */
export function dashboardMiddleware(distDir: string) {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  const serveStatic = express.static(root, { index: false, maxAge: '1h' });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path === '/api' || request.path.startsWith('/api/')) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!existsSync(indexFile)) {
      response
        .status(503)
        .type('text/plain')
        .send('The dashboard is not built yet. Run `npm run build -w dashboard` (npm start does it for you).');
      return;
    }
    serveStatic(request, response, () => {
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexFile);
    });
  };
}
