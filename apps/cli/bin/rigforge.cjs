#!/usr/bin/env node
// The `rigforge` command. The workspace runs from TypeScript sources (like every service here), so
// this shim registers tsx's loader and then loads the CLI; `src/main.ts` does everything else.
require('tsx/cjs');
require('../src/main.ts');
