/** `rigforge assets search|categories`: the CC0 catalog (GET /v1/assets, /v1/assets/categories; free). */
import { Command } from 'commander';
import { createContext, type GlobalOptions } from '../context';
import { intArg } from '../parse-args';
import { printAssetList, printCategories } from '../print';

interface SearchOptions {
  category?: string;
  pack?: string;
  limit?: number;
  offset?: number;
}

export function assetsCommand(): Command {
  const assets = new Command('assets').description('the CC0 asset catalog (free to list and download)');
  assets
    .command('search')
    .description('search by a substring of the name or id, and/or an exact category or pack')
    .argument('[query]', 'case-insensitive substring, taken literally')
    .option('--category <category>', 'exact category (see `rigforge assets categories`)')
    .option('--pack <pack>', 'exact pack id')
    .option('--limit <n>', '1–200 (API default 50)', intArg)
    .option('--offset <n>', 'skip this many results', intArg)
    .addHelpText('after', '\nExample:\n  rigforge assets search crate --limit 10')
    .action(async (query: string | undefined, options: SearchOptions, command: Command) => {
      const ctx = createContext(command.optsWithGlobals<GlobalOptions>());
      printAssetList(ctx, await ctx.client.listAssets({ query, ...options }));
    });
  assets
    .command('categories')
    .description('every category and pack of the catalog')
    .action(async (_options: unknown, command: Command) => {
      const ctx = createContext(command.optsWithGlobals<GlobalOptions>());
      printCategories(ctx, await ctx.client.listAssetCategories());
    });
  return assets;
}
