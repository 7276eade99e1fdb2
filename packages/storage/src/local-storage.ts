/** Object storage as files in one directory, the default for a single machine. */
import { randomUUID } from 'node:crypto';
import { closeSync, createWriteStream, open, openSync, writeSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeForKey, keyUnderBase, type ObjectStorage, type StoredObject } from './object-storage';

/** Thrown by `LocalStorage.putStream` when the stream goes past its byte limit (nothing is written). */
export class StreamTooLargeError extends Error {
  override readonly name = 'StreamTooLargeError';
}

/** Thrown by `LocalStorage.putStream` when a stream that must fill its limit ends short (nothing is written). */
export class StreamTooShortError extends Error {
  override readonly name = 'StreamTooShortError';
  constructor(readonly bytes: number, limit: number) {
    super(`storage: the stream ended at ${bytes} of its ${limit} bytes`);
  }
}

export interface LocalStorageOptions {
  /** Directory holding the objects; created on first write. */
  rootDir: string;
  /** Absolute base URL under which the API serves this directory, e.g. http://localhost:3000/files */
  publicBaseUrl: string;
  /**
   * Create a new small object's file (≤ INLINE_WRITE_MAX_BYTES) on the event loop too, not in
   * libuv's thread pool: no pool trip at all (issue 25: a submission's syscalls 15.4 -> 11.1, its
   * futex calls 4.7 -> 1.1; 15-30 µs less CPU per input file). The cost is that a slow create (a
   * cold directory or inode block read from disk, a filesystem that walks recently deleted inodes)
   * stalls every request of the process meanwhile, so it is for a fast local disk. Default false.
   */
  createOnLoop?: boolean;
}

/**
 * Largest object whose write and close run on the event loop once its file is open (see
 * `writeNewFile`): copying 64 KB into the page cache takes tens of microseconds.
 */
export const INLINE_WRITE_MAX_BYTES = 64 * 1024;

/**
 * Creates `file` (exclusively: EEXIST if it exists) holding `bytes`. fs.promises.writeFile is
 * three trips through libuv's thread pool (open, write, close), each waking a pool thread and then
 * the event loop: on a loaded machine those wake-ups, not the copying, were the stored input's
 * cost (issue 25: open, write and close were a tenth of the API's profile under load). A small
 * object takes one trip: the open, which can block on the directory and the journal, stays in the
 * pool; the write into the page cache and the close run here. Doing the open here too was slower
 * under load (apps/api/README.md, "tried and not kept"). Measured with strace -c on the API under
 * load: futex calls per submission 13.5 -> 5.1. Larger objects keep writeFile. With `createOnLoop`
 * (LocalStorageOptions) the open runs here as well.
 */
async function writeNewFile(file: string, bytes: Uint8Array, createOnLoop: boolean): Promise<void> {
  if (bytes.byteLength > INLINE_WRITE_MAX_BYTES) return writeFile(file, bytes, { flag: 'wx' });
  const fd = createOnLoop
    ? openSync(file, 'wx')
    : await new Promise<number>((resolve, reject) => open(file, 'wx', (error, opened) => (error ? reject(error) : resolve(opened))));
  try {
    for (let written = 0; written < bytes.byteLength; ) written += writeSync(fd, bytes, written, bytes.byteLength - written);
  } finally {
    closeSync(fd);
  }
}

/** Objects as files under one directory; writes are atomic (temp file + rename). */
export class LocalStorage implements ObjectStorage {
  private readonly rootDir: string;
  private readonly publicBaseUrl: string;
  private readonly knownDirectories = new Set<string>();
  private readonly createOnLoop: boolean;

  constructor(options: LocalStorageOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.createOnLoop = options.createOnLoop ?? false;
    this.publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  }

  /** The file path of a key; throws StorageKeyError for a key that could escape the directory. */
  pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.rootDir, ...key.split('/'));
  }

  /**
   * A new key is written in place (exclusive create): nothing refers to it until the caller commits
   * a reference afterwards (a job row, a catalog row), and a write torn by a crash is overwritten by
   * the retry. Replacing an existing key goes through a temp file and a rename, so a reader never
   * sees a half-written object. The in-place write halves the cost of a submission's input.
   */
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await this.ensureDirectory(path.dirname(file));
    try {
      await writeNewFile(file, bytes, this.createOnLoop);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  /**
   * Writes a stream to `key` through a temp file and a rename, never holding it in memory: a reader
   * sees the old object or the whole new one. More than `maxBytes` stops the write with
   * `StreamTooLargeError` as soon as the limit is passed, leaving nothing behind; with `exact`, a
   * stream ending short of `maxBytes` is `StreamTooShortError`, also before anything replaces the
   * key. Returns the size.
   */
  async putStream(key: string, source: Readable, maxBytes: number, exact = false): Promise<number> {
    const file = this.pathOf(key);
    await this.ensureDirectory(path.dirname(file));
    const temp = `${file}.${randomUUID()}.tmp`;
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(bytes > maxBytes ? new StreamTooLargeError(`storage: the stream is over its ${maxBytes}-byte limit`) : null, chunk);
      },
    });
    // The source is piped, not put in the pipeline: a refusal stops reading it without destroying
    // it, so an HTTP request's socket stays open for the answer that says why.
    let ended = false;
    source.once('end', () => (ended = true));
    source.once('error', (error) => meter.destroy(error));
    source.once('close', () => {
      if (!ended) meter.destroy(new Error('storage: the stream closed before its end'));
    });
    const written = pipeline(meter, createWriteStream(temp, { flags: 'wx' }));
    source.pipe(meter);
    try {
      await written;
      if (exact && bytes !== maxBytes) throw new StreamTooShortError(bytes, maxBytes);
      await rename(temp, file);
    } catch (error) {
      source.unpipe(meter);
      await rm(temp, { force: true });
      throw error;
    }
    return bytes;
  }

  /**
   * mkdir costs more than the write itself on the submission path (measured ~0.5 ms of kernel time
   * per call), so directories known to exist are remembered.
   */
  private async ensureDirectory(dir: string): Promise<void> {
    if (this.knownDirectories.has(dir)) return;
    await mkdir(dir, { recursive: true });
    if (this.knownDirectories.size >= 10_000) this.knownDirectories.clear();
    this.knownDirectories.add(dir);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async stat(key: string): Promise<{ bytes: number; contentType: string } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { bytes: info.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Walks the prefix's directory; temp files of replacements in flight are not objects. */
  async *list(prefix: string): AsyncIterable<StoredObject> {
    const folder = prefix.replace(/\/+$/, '');
    const root = folder ? this.pathOf(folder) : this.rootDir;
    const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<StoredObject> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
          const info = await stat(path.join(dir, entry.name)).catch(() => null);
          if (info) yield { key, modifiedAt: info.mtime };
        }
      }
    };
    yield* walk(root, folder ? `${folder}/` : '');
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${this.publicBaseUrl}/${key}`;
  }

  keyOfUrl(url: string): string | null {
    return keyUnderBase(url, this.publicBaseUrl);
  }

  /** A directory takes no direct writes: the API accepts the upload's PUT itself (routes/uploads.put.ts). */
  presignPut(): null {
    return null;
  }
}
