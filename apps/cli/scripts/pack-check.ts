/**
 * Builds the publishable packages (contracts, client, CLI) to JavaScript, packs each with
 * `pnpm pack` (which applies `publishConfig` and turns `workspace:*` into versions), unpacks the
 * tarballs into a scratch `node_modules` as an install would, and runs the packed CLI's `--help`
 * and the packed client with plain `node`: no tsx, no TypeScript sources. Third-party dependencies
 * are linked from the workspace's install, so no registry is needed.
 *
 *   node --import tsx apps/cli/scripts/pack-check.ts      (also run by apps/cli/test/package.e2e.test.ts)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** In dependency order: each build reads the declarations of the ones before it. */
export const PUBLISHED = ['packages/contracts', 'packages/client', 'apps/cli'];

export interface PackCheckResult {
  /** Packed manifests by package name. */
  manifests: Record<string, Record<string, unknown>>;
  /** Files in each tarball, by package name. */
  files: Record<string, string[]>;
  help: string;
  clientExports: string[];
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function packCheck(): PackCheckResult {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'rigforge-pack-'));
  try {
    const modules = path.join(scratch, 'node_modules');
    const manifests: PackCheckResult['manifests'] = {};
    const files: PackCheckResult['files'] = {};
    const thirdParty = new Map<string, string>();
    for (const dir of PUBLISHED) {
      const pkgDir = path.join(ROOT, dir);
      rmSync(path.join(pkgDir, 'dist'), { recursive: true, force: true });
      run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], pkgDir);
      run('pnpm', ['pack', '--pack-destination', scratch], pkgDir);
      const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))!;
      const name = String((JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { name: string }).name);
      const target = path.join(modules, ...name.split('/'));
      mkdirSync(target, { recursive: true });
      run('tar', ['-xzf', path.join(scratch, tarball), '-C', target, '--strip-components=1'], scratch);
      rmSync(path.join(scratch, tarball));
      files[name] = run('find', ['.', '-type', 'f'], target).split('\n').filter(Boolean).map((f) => f.slice(2)).sort();
      const manifest = JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8')) as Record<string, unknown>;
      manifests[name] = manifest;
      for (const dep of Object.keys((manifest.dependencies ?? {}) as Record<string, string>)) {
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
    const cli = manifests.rigforge!;
    const bin = String(((cli.bin ?? {}) as Record<string, string>).rigforge);
    const help = run(process.execPath, [path.join(modules, 'rigforge', bin), '--help'], scratch);
    const clientExports = run(process.execPath, ['-e', "console.log(Object.keys(require('@rigforge/client')).join(','))"], scratch).trim().split(',');
    return { manifests, files, help, clientExports };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const result = packCheck();
  for (const [name, list] of Object.entries(result.files)) process.stdout.write(`${name}: ${list.length} files (${list.filter((f) => f.endsWith('.js')).length} .js)\n`);
  process.stdout.write(`client exports: ${result.clientExports.join(', ')}\n\n${result.help}`);
}
