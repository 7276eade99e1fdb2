/**
 * The playground is served by the API under /playground/, so every bundled URL carries that base.
 * Everything (three.js, the page's code and styles) is bundled at build time: the page asks no CDN.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/playground/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // three.js alone is ~700 kB minified; one chunk is fine for a page loaded once and cached.
    chunkSizeWarningLimit: 2000,
  },
});
