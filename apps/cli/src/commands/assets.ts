/** `rigforge assets search|categories|download`: the CC0 catalog (GET /v1/assets, /v1/assets/categories; free). */
import { downloadFile } from '@rigforge/client';
import { Command } from 'commander';
import { CliError } from '../cli-error';
import { commandContext } from '../context';
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
      const ctx = commandContext(command);
      printAssetList(ctx, await ctx.client.listAssets({ query, ...options }));
    });
  assets
    .command('categories')
    .description('every category and pack of the catalog')
    .action(async (_options: unknown, command: Command) => {
      const ctx = commandContext(command);
      printCategories(ctx, await ctx.client.listAssetCategories());
    });
  assets
    .command('download')
    .description('download an asset\'s GLB by its id (pack/asset, as `assets search` lists it)')
    .argument('<id>', 'asset id, e.g. starter-props/crate')
    .option('-o, --out <file>', 'where to write it (default: <asset>.glb)')
    .addHelpText('after', '\nExample:\n  rigforge assets download starter-props/crate --out crate.glb')
    .action(async (id: string, options: { out?: string }, command: Command) => {
      const ctx = commandContext(command);
      // The list's query matches a substring of the id; the one asked for is the exact match.
      const asset = (await ctx.client.listAssets({ query: id, limit: 200 })).assets.find((a) => a.id === id);
      if (!asset) throw new CliError('usage', `assets download: no asset "${id}" (see rigforge assets search)`);
      const out = options.out ?? `${id.slice(id.lastIndexOf('/') + 1)}.glb`;
      const bytes = await downloadFile(asset.url, out);
      if (ctx.json) return ctx.out(JSON.stringify({ ...asset, file: out, bytes }, null, 2));
      ctx.out(`wrote ${out} (${bytes} bytes, ${asset.name}, CC0-1.0)`);
    });
  return assets;
}
