/**
 * Builds the publishable packages (vocabulary, contracts, client, CLI) to JavaScript, packs each
 * with `pnpm pack` (which applies `publishConfig` and turns `workspace:*` into versions), and
 * installs the tarballs into a scratch directory as npm would: each unpacked under `node_modules`,
 * the CLI's bin linked as `node_modules/.bin/rigforge` and made executable. Then it runs the packed
 * CLI through that bin and the packed client with plain `node`: no tsx, no TypeScript sources.
 * Third-party dependencies are linked from the workspace's install, so no registry is needed (an
 * offline `pnpm install` of the tarballs would resolve their transitive dependencies to versions the
 * local store may not hold).
 *
 *   node --import tsx apps/cli/scripts/pack-check.ts      (also run by apps/cli/test/package.e2e.test.ts)
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../..');
/** In dependency order: each build reads the declarations of the ones before it. */
export const PUBLISHED = ['packages/vocabulary', 'packages/contracts', 'packages/client', 'apps/cli'];

export interface PackedInstall {
  /** The scratch directory: `node_modules` holds the unpacked tarballs; run commands from here. */
  dir: string;
  /** `node_modules/.bin/rigforge`, linked to the packed manifest's bin. */
  bin: string;
  /** Packed manifests by package name. */
  manifests: Record<string, Record<string, unknown>>;
  /** Files in each tarball, by package name. */
  files: Record<string, string[]>;
  /** `@rigforge/*` dependencies of a packed package that are not packed themselves (an install from the registry would miss them). */
  unpublished: string[];
  remove(): void;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const dependencyNames = (manifest: Record<string, unknown>): string[] => Object.keys((manifest.dependencies ?? {}) as Record<string, string>);

export function packInstall(): PackedInstall {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigforge-pack-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const modules = path.join(dir, 'node_modules');
    const manifests: PackedInstall['manifests'] = {};
    const files: PackedInstall['files'] = {};
    const thirdParty = new Map<string, string>();
    for (const pkg of PUBLISHED) {
      const pkgDir = path.join(ROOT, pkg);
      rmSync(path.join(pkgDir, 'dist'), { recursive: true, force: true });
      run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], pkgDir);
      run('pnpm', ['pack', '--pack-destination', dir], pkgDir);
      const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
      const name = String((JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { name: string }).name);
      const target = path.join(modules, ...name.split('/'));
      mkdirSync(target, { recursive: true });
      run('tar', ['-xzf', path.join(dir, tarball), '-C', target, '--strip-components=1'], dir);
      rmSync(path.join(dir, tarball));
      files[name] = run('find', ['.', '-type', 'f'], target).split('\n').filter(Boolean).map((f) => f.slice(2)).sort();
      const manifest = JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8')) as Record<string, unknown>;
      manifests[name] = manifest;
      for (const dep of dependencyNames(manifest)) {
        // pnpm links each direct dependency under the package's own node_modules.
        if (!dep.startsWith('@rigforge/')) thirdParty.set(dep, realpathSync(path.join(pkgDir, 'node_modules', ...dep.split('/'))));
      }
    }
    for (const [dep, from] of thirdParty) {
      const link = path.join(modules, ...dep.split('/'));
      if (existsSync(link)) continue;
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(from, link, 'dir');
    }
    const unpublished = [...new Set(Object.values(manifests).flatMap(dependencyNames))].filter((dep) => dep.startsWith('@rigforge/') && !manifests[dep]);
    // As npm links a bin: node_modules/.bin/<name> → the package's file, made executable, so the
    // file's own `#!/usr/bin/env node` line is what starts it.
    const binFile = path.join(modules, 'rigforge', String(((manifests.rigforge?.bin ?? {}) as Record<string, string>).rigforge));
    chmodSync(binFile, 0o755);
    const bin = path.join(modules, '.bin', 'rigforge');
    mkdirSync(path.dirname(bin), { recursive: true });
    symlinkSync(path.relative(path.dirname(bin), binFile), bin);
    return { dir, bin, manifests, files, unpublished, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Runs the packed CLI's bin in the scratch directory and resolves its stdout (rejects with its
 * stderr on a non-zero exit). Asynchronous, so an API served by the same process can answer it.
 */
export async function runPacked(install: PackedInstall, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(install.bin, args, { cwd: install.dir, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  return stdout;
}

/** The names the packed `@rigforge/client` exports, loaded with plain node from the scratch directory. */
export function packedClientExports(install: PackedInstall): string[] {
  return run(process.execPath, ['-e', "console.log(Object.keys(require('@rigforge/client')).join(','))"], install.dir).trim().split(',');
}

async function main(): Promise<void> {
  const install = packInstall();
  try {
    for (const [name, list] of Object.entries(install.files)) process.stdout.write(`${name}: ${list.length} files (${list.filter((f) => f.endsWith('.js')).length} .js)\n`);
    if (install.unpublished.length) process.stdout.write(`NOT PACKED, but depended on: ${install.unpublished.join(', ')}\n`);
    process.stdout.write(`client exports: ${packedClientExports(install).join(', ')}\n\n${await runPacked(install, ['--help'])}`);
    if (install.unpublished.length) process.exitCode = 1;
  } finally {
    install.remove();
  }
}

if (require.main === module) void main();
