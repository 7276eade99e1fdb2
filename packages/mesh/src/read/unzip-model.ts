// Opens a .zip holding one model (a .gltf with its .bin and textures, an .fbx with its textures...) within the readers' bounds.
import { unzipSync, type UnzipFileInfo } from 'fflate';
import type { MeshFormat } from '../sniff-mesh-format';
import { sniffMeshFormat } from '../sniff-mesh-format';
import { isEngineError } from '../mesh-error';
import { fail } from './mesh-assembler';

/** Most entries an archive may list: a model, its buffers and textures need tens. */
export const MAX_ZIP_ENTRIES = 256;

const MODEL_EXTENSIONS = /\.(glb|gltf|vrm|fbx|obj|stl)$/i;

/** The one model in an archive, and the archive's other files to resolve its references against. */
export interface ZipModel {
  format: Exclude<MeshFormat, 'zip'>;
  path: string;
  bytes: Uint8Array;
  files: ArchiveFiles;
}

/**
 * The model in a zip archive. Hostile archives are refused as `unsupported_format` before anything
 * is inflated: more than MAX_ZIP_ENTRIES entries, an entry path that is absolute or climbs out
 * (`..`), declared uncompressed sizes adding up past `maxBytes`, no model or more than one. Each
 * entry is then inflated into a buffer of its declared size (fflate never grows it), so a stream
 * that inflates past its declaration is cut there: memory is bounded by the declared total.
 * Written with fflate (sync, small, well kept) rather than by hand.
 */
export function unzipModel(bytes: Uint8Array, maxBytes: number): ZipModel {
  const entries: UnzipFileInfo[] = [];
  let declared = 0;
  // First pass: the central directory only (the filter declines every entry, so nothing inflates).
  attempt(() =>
    unzipSync(bytes, {
      filter: (info) => {
        if (entries.length >= MAX_ZIP_ENTRIES) fail('zip', `the archive has more than ${MAX_ZIP_ENTRIES} entries`);
        checkPath(info.name);
        declared += info.originalSize;
        if (declared > maxBytes) fail('zip', `the archive's files add up to more than ${maxBytes} bytes uncompressed, the limit for a file of this size`);
        entries.push(info);
        return false;
      },
    }),
  );
  const models = entries.filter((e) => !ignored(e.name) && MODEL_EXTENSIONS.test(e.name));
  if (models.length === 0) fail('zip', 'the archive holds no model file (.glb, .gltf, .vrm, .fbx, .obj or .stl)');
  if (models.length > 1) fail('zip', `the archive holds ${models.length} model files (${models.slice(0, 4).map((m) => m.name).join(', ')}); send one model per archive`);
  const wanted = new Set(entries.filter((e) => !ignored(e.name) && !e.name.endsWith('/')).map((e) => e.name));
  const inflated = attempt(() => unzipSync(bytes, { filter: (info) => wanted.has(info.name) }));
  const path = models[0]!.name;
  const model = inflated[path]!;
  const format = sniffMeshFormat(model);
  if (!format || format === 'zip') fail('zip', `${path} is not a readable model file`);
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(inflated)) if (name !== path) files.set(normalize(name) ?? name, data);
  return { format, path, bytes: model, files: new ArchiveFiles(path, files) };
}

/** An archive's files, looked up relative to the model's folder; nothing outside the archive is ever reached. */
export class ArchiveFiles {
  constructor(
    private readonly modelPath: string,
    private readonly files: Map<string, Uint8Array>,
  ) {}

  /** The file a glTF `uri` (relative, percent-encoded) names, or null (also for data:, http: and anything outside). */
  resolve(uri: string): Uint8Array | null {
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      return null;
    }
    const dir = this.modelPath.includes('/') ? this.modelPath.slice(0, this.modelPath.lastIndexOf('/') + 1) : '';
    const joined = normalize(dir + decoded);
    return joined === null ? null : (this.files.get(joined) ?? null);
  }

  /**
   * The file an FBX texture names: its relative path first, then the one file with the same base
   * name (FBX keeps the artist's absolute path, which never matches the archive's layout).
   */
  find(path: string): Uint8Array | null {
    const relative = this.resolve(path.replace(/\\/g, '/'));
    if (relative) return relative;
    const base = path.split(/[\\/]/).pop()!.toLowerCase();
    const matches = [...this.files.entries()].filter(([name]) => name.split('/').pop()!.toLowerCase() === base);
    return matches.length === 1 ? matches[0]![1] : null;
  }
}

/** Refuses entry names that are absolute or climb out of the archive (zip-slip), whatever we do with them. */
function checkPath(name: string): void {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[a-z]:/i.test(n) || n.split('/').includes('..') || n.includes('\0')) {
    fail('zip', `the archive entry "${name.slice(0, 80)}" has an absolute or parent path`);
  }
}

/** Folder entries and macOS metadata (`__MACOSX/`, `._name`) are not content. */
function ignored(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name);
}

/** A path with `.` segments and duplicate slashes removed, or null when `..` climbs out. */
function normalize(path: string): string | null {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

function attempt<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (isEngineError(e)) throw e;
    fail('zip', `not a readable zip archive (${e instanceof Error ? e.message.slice(0, 120) : String(e)})`);
  }
}
