/**
 * The operator's catalog commands (reached through `pnpm admin catalog:...`):
 *   pnpm admin catalog:import --dir <folder>   import a CC0 pack folder (manifest.json + GLB/glTF)
 *   pnpm admin catalog:seed [--force]          build and store the starter catalog if it changed
 * A refused pack (licence other than CC0-1.0, bad manifest, bad model) prints every problem and
 * exits non-zero; nothing is imported then.
 */
import path from 'node:path';
import { CatalogImportError } from '@rigforge/catalog';
import type { Db } from '@rigforge/db';
import { createStorage, storageSettingsFromEnv } from '@rigforge/storage';
import type { ApiEnv } from '../env';
import { importPackFolder, seedStarterCatalog } from '../services/catalog-import';

export const CATALOG_COMMANDS = ['catalog:import', 'catalog:seed'] as const;

export class CatalogCommandError extends Error {
  override readonly name = 'CatalogCommandError';
  /** 2 for a usage mistake, 1 for a refused or failed import. */
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

export interface CatalogCommandValues {
  dir?: string;
  force?: boolean;
}

/** Runs one catalog command; the result is printed as JSON by the admin CLI. */
export async function runCatalogCommand(
  command: string,
  values: CatalogCommandValues,
  env: ApiEnv,
  db: Db,
  progress: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<unknown> {
  const storage = createStorage(storageSettingsFromEnv(env));
  switch (command) {
    case 'catalog:import': {
      if (!values.dir) throw new CatalogCommandError('--dir is required (a folder with manifest.json)', 2);
      try {
        // `pnpm admin` runs in the repository root; a relative --dir means the caller's directory.
        const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dir);
        return await importPackFolder({ db, storage }, dir);
      } catch (error) {
        if (error instanceof CatalogImportError) {
          const details = error.problems.length > 1 || error.problems[0] !== error.message ? error.problems.map((p) => `\n  - ${p}`).join('') : '';
          throw new CatalogCommandError(`${error.message}${details}\nnothing was imported`, 1);
        }
        throw error;
      }
    }
    case 'catalog:seed':
      return seedStarterCatalog(
        { db, storage },
        {
          force: values.force,
          onAsset: (i, total) => {
            if ((i + 1) % 25 === 0 || i + 1 === total) progress(`catalog: built ${i + 1}/${total} starter assets`);
          },
        },
      );
    default:
      throw new CatalogCommandError(`unknown catalog command "${command}"; one of ${CATALOG_COMMANDS.join(', ')}`, 2);
  }
}
