/**
 * The command line the dev-set fit scripts share: `--merge a.json,b.json` reports the rows of the
 * JSON parts (each checked by the script's schema); otherwise the dev set's folder comes first and the
 * script measures it. A usage message and exit 2 without it, exit 1 on any error.
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
  const main = async (): Promise<void> => {
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
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
