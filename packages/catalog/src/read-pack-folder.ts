/** Reads an operator's asset pack folder into checked assets, refusing the whole pack on any fault. */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { readMesh, renderThumbnail, sniffImageFormat, withDefaults } from '@rigforge/mesh';
import { z } from 'zod';
import { sha256Hex } from './build-starter-catalog';
import { CATALOG_LICENSE, type BuiltAsset } from './built-asset';
import { CatalogImportError } from './catalog-import-error';

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const packManifestSchema = z.object({
  pack: z.string().regex(kebab, 'pack id must be lowercase kebab-case'),
  license: z.string(),
  assets: z
    .array(
      z.object({
        file: z.string().min(1),
        name: z.string().min(1).max(200),
        category: z.string().regex(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/, 'category must be lowercase (a-z, 0-9, _ or -)'),
        id: z.string().regex(kebab, 'asset id must be lowercase kebab-case').optional(),
        thumbnail: z.string().min(1).optional(),
      }),
    )
    .min(1),
});
export type PackManifest = z.infer<typeof packManifestSchema>;

export interface ImportedPack {
  pack: string;
  license: typeof CATALOG_LICENSE;
  assets: BuiltAsset[];
}

export interface ReadPackFolderOptions {
  /** Largest model or thumbnail file accepted, bytes. Default 64 MiB. */
  maxFileBytes?: number;
  /** Size of rendered thumbnails. Default 512. */
  thumbnailSize?: number;
}

export const READ_PACK_FOLDER_DEFAULTS: Required<ReadPackFolderOptions> = {
  maxFileBytes: 64 * 1024 * 1024,
  thumbnailSize: 512,
};

/**
 * Reads a third-party pack folder (`manifest.json` + GLB/glTF files) into catalog assets.
 *
 * Order matters: the licence is checked before any model is opened, so a non-CC0 pack is refused
 * without us touching its content. Then every asset is checked and all problems collected; one bad
 * asset refuses the whole pack (all-or-nothing), so a re-run after fixing imports everything.
 * Paths in the manifest must stay inside the folder: absolute paths and `..` are refused, and
 * glTF buffer/image URIs are resolved through the same check.
 */
export async function readPackFolder(dir: string, options: ReadPackFolderOptions = {}): Promise<ImportedPack> {
  const { maxFileBytes: maxBytes, thumbnailSize: size } = withDefaults(READ_PACK_FOLDER_DEFAULTS, options);
  const root = resolve(dir);

  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8'));
  } catch (e) {
    throw new CatalogImportError('invalid_manifest', `import: cannot read manifest.json in "${dir}": ${(e as Error).message}`);
  }
  // Licence first, before the rest of the schema: a wrong licence is the message that matters.
  const licence = (raw as { license?: unknown } | null)?.license;
  if (licence !== CATALOG_LICENSE) {
    throw new CatalogImportError(
      'license_not_allowed',
      `import: licence ${JSON.stringify(licence ?? null)} is not allowed; only ${CATALOG_LICENSE} packs can be imported`,
    );
  }
  const parsed = packManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `manifest.${i.path.join('.')}: ${i.message}`);
    throw new CatalogImportError('invalid_manifest', `import: invalid manifest.json (${problems.length} problem(s))`, problems);
  }
  const manifest = parsed.data;

  const problems: string[] = [];
  const assets: BuiltAsset[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of manifest.assets.entries()) {
    const where = `assets[${i}] "${entry.file}"`;
    const slug = entry.id ?? slugFromFile(entry.file);
    if (!kebab.test(slug)) {
      problems.push(`${where}: cannot derive a kebab-case id from the file name; set "id"`);
      continue;
    }
    const id = `${manifest.pack}/${slug}`;
    if (seen.has(id)) problems.push(`${where}: duplicate asset id "${id}"`);
    seen.add(id);
    try {
      const glb = await loadModel(root, entry.file, maxBytes);
      const { mesh } = await readMesh(glb);
      if (mesh.indices.length === 0) throw new Error('the model has no triangles');
      let thumbnail: Uint8Array;
      if (entry.thumbnail) {
        thumbnail = await readInside(root, entry.thumbnail, maxBytes);
        if (sniffImageFormat(thumbnail) !== 'png') throw new Error(`thumbnail "${entry.thumbnail}" is not a PNG`);
      } else {
        thumbnail = renderThumbnail(mesh, { size });
      }
      assets.push({ id, name: entry.name, category: entry.category, pack: manifest.pack, license: CATALOG_LICENSE, glb, thumbnail, sha256: sha256Hex(glb) });
    } catch (e) {
      problems.push(`${where}: ${(e as Error).message}`);
    }
  }
  if (problems.length > 0) {
    throw new CatalogImportError('invalid_asset', `import: pack "${manifest.pack}" refused, ${problems.length} problem(s): ${problems.join('; ')}`, problems);
  }
  return { pack: manifest.pack, license: CATALOG_LICENSE, assets };
}

/** `models/Old Crate_2.glb` → `old-crate-2`. */
function slugFromFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(glb|gltf)$/i, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Resolves a manifest-relative path, refusing anything that could leave the pack folder. */
function insidePath(root: string, rel: string): string {
  if (isAbsolute(rel) || /^[a-z]+:/i.test(rel) || rel.split(/[\\/]/).includes('..')) {
    throw new Error(`path "${rel}" must be relative and stay inside the pack folder`);
  }
  const full = resolve(root, normalize(rel));
  const back = relative(root, full);
  if (back.startsWith('..') || isAbsolute(back) || back.split(sep).includes('..')) throw new Error(`path "${rel}" leaves the pack folder`);
  return full;
}

async function readInside(root: string, rel: string, maxBytes: number): Promise<Uint8Array> {
  const full = insidePath(root, rel);
  let bytes: Buffer;
  try {
    bytes = await readFile(full);
  } catch {
    throw new Error(`cannot read "${rel}"`);
  }
  if (bytes.length > maxBytes) throw new Error(`"${rel}" is larger than ${maxBytes} bytes`);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** GLB bytes of a model file; a .gltf is read with its resources (checked to be inside) and packed. */
async function loadModel(root: string, file: string, maxBytes: number): Promise<Uint8Array> {
  const lower = file.toLowerCase();
  if (lower.endsWith('.glb')) return readInside(root, file, maxBytes);
  if (!lower.endsWith('.gltf')) throw new Error('only .glb and .gltf files can be imported');
  const json = JSON.parse(Buffer.from(await readInside(root, file, maxBytes)).toString('utf8')) as {
    buffers?: { uri?: string }[];
    images?: { uri?: string }[];
  };
  const baseDir = file.split(/[\\/]/).slice(0, -1).join('/');
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const ref of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (!ref.uri || ref.uri.startsWith('data:')) continue;
    const uri = decodeURIComponent(ref.uri);
    resources[ref.uri] = new Uint8Array(await readInside(root, baseDir ? `${baseDir}/${uri}` : uri, maxBytes));
  }
  try {
    // WebIO, not NodeIO: NodeIO loads fs lazily by dynamic import, which jest (CommonJS) refuses;
    // all resources are handed over in memory anyway, so nothing is fetched.
    const io = new WebIO();
    const doc = await io.readJSON({ json: json as never, resources });
    return await io.writeBinary(doc);
  } catch (e) {
    throw new Error(`invalid glTF: ${(e as Error).message}`);
  }
}
