/**
 * POST /v1/uploads: a URL to PUT a large file to, and the URL to give as a source afterwards, for
 * files past the inline (base64) limit. Its OpenAPI entry lives here.
 */
import { z } from 'zod';
import { registerOpenApiOperation } from './openapi';

/** The default of the API's MAX_UPLOAD_BYTES: the largest file an upload takes. */
export const DEFAULT_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/**
 * Content types an upload may declare: the mesh, animation and image formats the sources read
 * (the file's format is recognised from its bytes when it is used, so octet-stream always works).
 */
export const UPLOAD_CONTENT_TYPES = [
  'application/octet-stream',
  'model/gltf-binary',
  'model/gltf+json',
  'model/obj',
  'model/stl',
  'application/zip',
  'text/plain',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export const createUploadRequestSchema = z
  .strictObject({
    bytes: z.int().positive().describe('Exact size of the file; the PUT must send this Content-Length. At most the service\'s upload limit (default 200 MB)'),
    content_type: z.enum(UPLOAD_CONTENT_TYPES).default('application/octet-stream').describe('The Content-Type the PUT must send'),
  })
  .meta({ id: 'CreateUploadRequest' });
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const uploadSchema = z
  .object({
    object: z.literal('upload'),
    id: z.uuid(),
    upload_url: z.url().describe('PUT the file here, with exactly the headers in `headers`, before expires_at; no API key'),
    method: z.literal('PUT'),
    headers: z
      .object({ 'Content-Type': z.enum(UPLOAD_CONTENT_TYPES), 'Content-Length': z.string() })
      .describe('Send exactly these; another size or type is refused'),
    model_url: z
      .url()
      .describe('Once the PUT succeeded: the source URL for model_url (or animation_url, image_url), usable by this account until expires_at'),
    bytes: z.int().positive(),
    max_bytes: z.int().positive().describe('The upload limit of this service'),
    expires_at: z.iso.datetime().describe('After this the upload is no source any more and its file is deleted'),
  })
  .meta({ id: 'Upload' });
export type UploadObject = z.infer<typeof uploadSchema>;

registerOpenApiOperation({
  method: 'post',
  path: '/v1/uploads',
  operationId: 'createUpload',
  clientCall: 'client.createUpload(BODY)',
  tags: ['uploads'],
  summary: 'Upload a large file (up to 200 MB by default) to use as a source',
  description:
    'For files past the inline limit of model_base64 (about 10 MB). Declare the size (and optionally the content type); ' +
    'then PUT the bytes to upload_url with the headers given (no API key; a presigned URL of the bucket, or of this API ' +
    'on local storage), and pass model_url as model_url of POST /v1/rigs or POST /v1/rigs/check (or as animation_url ' +
    'or image_url). The file is read from storage, never fetched over the network; only this account can use it, any ' +
    'number of times, until expires_at, after which it is deleted. Free: uses no credits; counts against the rate limit. ' +
    'The PUT answers 200 when stored; a body over the declared size is cut off with 413 payload_too_large, another ' +
    'Content-Length or Content-Type is 400 invalid_request, an unknown or expired upload_url 404 not_found ' +
    '(on S3, the bucket refuses a mismatch with 403 SignatureDoesNotMatch). ' +
    'curl: `curl -X PUT --data-binary @big.glb -H "Content-Type: application/octet-stream" "$UPLOAD_URL"`.',
  requestSchema: { name: 'CreateUploadRequest', schema: createUploadRequestSchema },
  requestExample: { bytes: 52428800, content_type: 'model/gltf-binary' },
  responses: [{ status: 201, description: 'Created; PUT the file to upload_url', schema: { name: 'Upload', schema: uploadSchema } }],
  errors: ['invalid_request', 'unauthorized', 'payload_too_large', 'rate_limited', 'backend_unavailable'],
});
