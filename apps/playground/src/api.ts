/**
 * The playground's calls to the API, same origin, through `@rigforge/client` (its browser entry):
 * the same typed client the CLI and the MCP server use, so answers are parsed with the contract's
 * schemas, failures are `RigforgeClientError`s with the API's codes, and a job is followed on its
 * event stream (seen the moment it ends) rather than polled.
 */
import { RigforgeClient, RigforgeClientError, waitForJob } from '@rigforge/client/browser';

export { RigforgeClient, RigforgeClientError, waitForJob };

/** A client on this page's origin, with whatever key the page holds at each request. */
export function createPlaygroundClient(apiKey: () => string): RigforgeClient {
  return new RigforgeClient({ baseUrl: window.location.origin, apiKey });
}

/** Query values as the form holds them: an empty field is no filter. */
export function filled<T extends Record<string, string | number | undefined>>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}

/** A file as base64 (no data: prefix), read by the browser natively. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Output and catalog URLs are absolute, built from the server's PUBLIC_BASE_URL, which may name
 * another origin than the one the page was opened on (localhost vs 127.0.0.1, a LAN address).
 * Files of the default local storage are served by this same API under /files/, so those are
 * fetched from this origin (the route sends no CORS headers); anything else (S3, a CDN) as given.
 */
export function sameOriginFileUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin && parsed.pathname.startsWith('/files/')) {
      return `${window.location.origin}${parsed.pathname}${parsed.search}`;
    }
    return parsed.toString();
  } catch {
    return url;
  }
}
