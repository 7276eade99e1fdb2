/**
 * GET /docs: the OpenAPI document rendered by Redoc for people, public like /v1/openapi.json.
 * Redoc's standalone bundle is served from our own dependencies (no CDN), and the page's CSP
 * allows nothing but this origin, so the page works offline and never reaches a third party.
 */
import { createRequire } from 'node:module';
import type { Router } from 'express';

const REDOC_BUNDLE = createRequire(__filename).resolve('redoc/bundles/redoc.standalone.js');

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
    // dotfiles: the bundle's path runs through pnpm's `.pnpm` folder.
    res.set('cache-control', 'public, max-age=3600').sendFile(REDOC_BUNDLE, { dotfiles: 'allow' });
  });
}
