/**
 * GET /docs: the OpenAPI document rendered by Redoc for people, public like /v1/openapi.json.
 * Redoc's standalone bundle is served from our own dependencies (no CDN), and the page's CSP
 * allows nothing but this origin, so the page works offline and never reaches a third party.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Router } from 'express';

/**
 * Redoc's bundle as we serve it: its sidebar footer would load its vendor's logo from a CDN (blocked
 * by our CSP, absent offline), so that one URL is replaced by the same small mark inline. Read once.
 */
const REDOC_BUNDLE = readFileSync(createRequire(__filename).resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
  `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#d63d3d"/></svg>')}`,
);

/** Redoc injects its styles and runs its search in a blob: worker. */
const CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "script-src 'self'",
  "connect-src 'self'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rigforge API</title>
</head>
<body>
<redoc spec-url="/v1/openapi.json"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

export function registerDocsGet(router: Router): void {
  router.get('/docs', (_req, res) => {
    res.set('content-security-policy', CSP).type('html').send(PAGE);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.set('cache-control', 'public, max-age=3600').type('js').send(REDOC_BUNDLE);
  });
}
