import type { FullConfig, FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * After the run: how many journeys ran on how many workers, and by name every journey that passed
 * only on a retry. Flaky means broken: such a run fails (`failOnFlakyTests`).
 */
export default class RetriedReporter implements Reporter {
  private readonly ran = new Set<TestCase>();
  private workers = 0;

  onBegin(config: FullConfig) {
    this.workers = config.workers;
  }

  onTestEnd(test: TestCase) {
    this.ran.add(test);
  }

  onEnd(result: FullResult) {
    if (!this.ran.size) return; // --list, or nothing matched
    console.log(`\n[e2e] ${this.ran.size} journeys on ${this.workers} workers: ${result.status}`);
    for (const test of this.ran) {
      if (test.outcome() === 'flaky') console.log(`[e2e] passed only on its retry: ${test.titlePath().filter(Boolean).join(' › ')}`);
    }
  }

  printsToStdio() {
    return false;
  }
}
