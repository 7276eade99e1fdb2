/**
 * The command lines the dev-set fit scripts share. runFitScript: `--merge a.json,b.json` reports
 * the rows of the JSON parts (each checked by the script's schema); otherwise the dev set's folder
 * comes first and the script measures it. runRowsFolderFitScript: `--fit <rows dir>` fits the rows
 * cached in a folder; otherwise the dev set's folder comes first and `--out <rows dir>` names where
 * the rows go. Either way a usage message and exit 2 when what is needed is missing, exit 1 on any error.
 */
import type { z } from 'zod';
import { arg, readRows } from './dev-set-views';

export interface FitScript<S extends z.ZodType> {
  /** Printed (to stderr, exit 2) when the dev set's folder is missing. */
  usage: string;
  /** Measures the dev set at `dir` (writing its own JSON part or report). */
  measure: (dir: string) => Promise<void>;
  /** With `--merge`: the parts' row schema and the report over their rows; without it `--merge` is not read. */
  merge?: { schema: S; report: (rows: z.infer<S>[]) => void };
}

export function runFitScript<S extends z.ZodType>(script: FitScript<S>): void {
  runMain(async () => {
    const merge = script.merge ? arg('--merge') : undefined;
    if (script.merge && merge) {
      script.merge.report(readRows(merge, script.merge.schema));
      return;
    }
    const dir = process.argv[2];
    if (!dir || dir.startsWith('--')) {
      console.error(script.usage);
      process.exit(2);
    }
    await script.measure(dir);
  });
}

export interface RowsFolderFitScript {
  /** Printed (to stderr, exit 2) when neither `--fit` nor the dev set's folder with `--out` is given. */
  usage: string;
  /** Measures the dev set at `dir`, writing one row file per character and view into `out`. */
  collect: (dir: string, out: string) => Promise<void>;
  /** `--fit`: reports (and may write) the fit over the rows in `rowsDir`. */
  fit: (rowsDir: string) => void;
}

export function runRowsFolderFitScript(script: RowsFolderFitScript): void {
  runMain(async () => {
    const fitDir = arg('--fit');
    if (fitDir) return script.fit(fitDir);
    const dir = process.argv[2], out = arg('--out');
    if (!dir || dir.startsWith('--') || !out) {
      console.error(script.usage);
      process.exit(2);
    }
    await script.collect(dir, out);
  });
}

/** Runs a script's main: any error is printed and the process exits 1. */
function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
