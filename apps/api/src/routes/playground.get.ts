/**
 * GET /playground/: the web playground (apps/playground), built by Vite into apps/playground/dist
 * (`npm start` and `npm test` build it: scripts/build-playground.sh), served as static files; `/`
 * redirects there. Public like /docs: the page holds no data, and it calls /v1 with the key the
 * user pastes. Bundled files carry a content hash in their name, so they are cached for a year;
 * the page itself is revalidated on every load so a new build is picked up at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { ApiError } from '../errors/api-error';

const DIST = path.resolve(__dirname, '../../../playground/dist');
const INDEX = path.join(DIST, 'index.html');

/**
 * Scripts and styles from this origin only (all bundled at build time: no CDN). Models, thumbnails
 * and downloads may come from object storage on another origin (S3, a CDN), hence http(s) for
 * connect and img; blob: and data: are where GLTFLoader puts embedded textures.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: http: https:",
  "connect-src 'self' data: blob: http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerPlaygroundGet(router: Router): void {
  router.get('/', (_req, res) => res.redirect(302, '/playground/'));
  // Routing is not strict, so this route matches `/playground` and `/playground/`; the page's
  // relative URLs need the slash.
  router.get('/playground', (req, res, next) => {
    if (!req.path.endsWith('/')) return res.redirect(301, '/playground/');
    if (!existsSync(INDEX)) {
      return next(new ApiError('not_found', 'playground: not built; run `bash scripts/build-playground.sh` (npm start does it)'));
    }
    res.set({ 'content-security-policy': CSP, 'cache-control': 'no-cache' }).sendFile(INDEX);
  });
  router.use(
    '/playground/assets',
    express.static(path.join(DIST, 'assets'), { index: false, fallthrough: true, maxAge: '365d', immutable: true }),
  );
}
