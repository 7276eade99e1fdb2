/**
 * The order jest starts test files in. Jest's own order runs files that failed last time first,
 * then those it has no timing for (largest file first), then the rest slowest first. A clean
 * clone (CI) has no timings, so the order is by file size alone, and the end-to-end files, which
 * start real processes and take the longest (tens of seconds each) while being short to read,
 * land at the end of the run: with two workers, one then finishes them alone while the other
 * idles. Here end-to-end files jest has no timing for start right after the failed ones; with
 * timings, jest's own slowest-first order already puts them where they belong.
 */
const Sequencer = require('@jest/test-sequencer').default;

const END_TO_END = /\.e2e\.test\.[cm]?[jt]s$/;

class EndToEndFirstSequencer extends Sequencer {
  sort(tests) {
    // Jest's order (it also records each test's cached duration on `test.duration`).
    const ordered = super.sort(tests);
    const failed = ordered.filter((t) => this.hasFailed(t));
    const untimedEndToEnd = ordered.filter((t) => !this.hasFailed(t) && t.duration == null && END_TO_END.test(t.path));
    const rest = ordered.filter((t) => !failed.includes(t) && !untimedEndToEnd.includes(t));
    return [...failed, ...untimedEndToEnd, ...rest];
  }
}

module.exports = EndToEndFirstSequencer;
