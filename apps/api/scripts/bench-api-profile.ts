/**
 * Summarises a V8 CPU profile written by `BENCH_API_PROFILE_DIR=dir npx tsx apps/api/scripts/bench-api.ts`:
 * self time by function and by package, and inclusive time of chosen functions.
 *
 *   npx tsx apps/api/scripts/bench-api-profile.ts <file.cpuprofile> [top=30] [--callers <function> [depth=8]] [--from <s>]
 *
 * Percentages are of the time sampled, idle included; the busy share (everything but `(idle)`) is
 * printed first. `--callers writev` lists the stacks that lead to a function, e.g. which socket
 * writes (Postgres, HTTP answers, Redis) the kernel time of `writev` belongs to. `--from 30` leaves out
 * the first 30 s (the process's start: under load, module loading under tsx is a third of the samples).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return '(native)';
  const pnpm = /node_modules\/\.pnpm\/([^/]+)\//.exec(url);
  if (pnpm) return pnpm[1]!.replace(/@[\d.]+.*$/, '').replace(/\+/g, '/');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  // A workspace file of whichever checkout ran (a worktree, BENCH_API_BEFORE's export).
  const ws = /^file:\/\/.*?\/((?:apps|packages)\/[^/]+)\//.exec(url);
  return ws ? ws[1]! : url;
}

/** A frame's URL without the machine's part: the package path in node_modules, or apps/... or packages/... */
function shortUrl(url: string): string {
  return url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/((?:apps|packages)\/)/, '$1');
}

function main(): void {
  const args = process.argv.slice(2);
  const callersAt = args.indexOf('--callers');
  const callers = callersAt >= 0 ? args.splice(callersAt, 3).slice(1) : [];
  const fromAt = args.indexOf('--from');
  // Seconds into the profile to start at: skips the process's start (module loading under tsx).
  const fromS = fromAt >= 0 ? Number(args.splice(fromAt, 2)[1]) : 0;
  const [file, topArg] = args;
  if (!file) throw new Error('usage: bench-api-profile.ts <file.cpuprofile> [top] [--callers <function> [depth]] [--from <s>]');
  const top = Number(topArg ?? 30);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<number, number>();
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < fromS * 1e6) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });

  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    // Inclusive time per workspace/package frame on the stack (counted once per sample stack).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(us)}  ${k}`);
  };
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((n, [, us]) => n + us, 0);
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${pct(total - idle).trim()} busy`);
  if (callers.length) {
    const [fn, depthArg] = callers;
    const depth = Number(depthArg ?? 8);
    const stacks = new Map<string, number>();
    for (const [id, us] of self) {
      if (byId.get(id)!.callFrame.functionName !== fn) continue;
      const chain: string[] = [];
      for (let cur = parent.get(id); cur !== undefined && chain.length < depth; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        chain.push(`${f.functionName || '(anonymous)'}@${shortUrl(f.url)}:${f.lineNumber + 1}`);
      }
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + us);
    }
    print(`callers of ${fn ?? ''} (self time, by stack)`, stacks, top);
    return;
  }
  print('self time by package', byPackage, 25);
  print('self time by function', byFunction, top);
  print('inclusive time (workspace frames)', new Map([...inclusive].filter(([k]) => /(apps|packages)\//.test(k) && !k.includes('node_modules'))), top);
}

main();
