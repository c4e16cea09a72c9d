import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the lane's per-task table (task, app, pass/fail, tool calls used) and one closing line
 * `apps: N passed, M failed` after vitest's own summary.
 */
export default class LaneReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows: Array<{ task: string; app: string; state: string; actions: string }> = [];
    for (const module of testModules) {
      for (const testCase of module.children.allTests()) {
        const meta = testCase.meta().lane;
        const state = testCase.result().state;
        rows.push({
          task: testCase.name.replace(/^[^:]+: /, ''),
          app: meta?.app ?? testCase.name.split(':')[0] ?? '?',
          state: state === 'passed' ? 'pass' : state === 'failed' ? 'FAIL' : state,
          actions: summarize(meta?.actions ?? []),
        });
      }
    }
    const widths = [Math.max(4, ...rows.map((row) => row.task.length)), Math.max(3, ...rows.map((row) => row.app.length))];
    const line = (task: string, app: string, state: string, actions: string) =>
      `${task.padEnd(widths[0] as number)}  ${app.padEnd(widths[1] as number)}  ${state.padEnd(6)}  ${actions}`;
    const out = ['', 'real-apps lane', line('task', 'app', 'result', 'actions used (tool calls in order, xN = repeated)')];
    for (const row of rows) out.push(line(row.task, row.app, row.state, row.actions));
    const passed = rows.filter((row) => row.state === 'pass').length;
    const failed = rows.filter((row) => row.state === 'FAIL').length;
    out.push('', `apps: ${passed} passed, ${failed} failed`, '');
    process.stdout.write(out.join('\n'));
  }
}

/** "snapshot, snapshot, click" → "snapshot x2, click". */
function summarize(actions: string[]): string {
  const parts: string[] = [];
  for (let at = 0; at < actions.length; ) {
    let run = 1;
    while (actions[at + run] === actions[at]) run++;
    parts.push(run > 1 ? `${actions[at]} x${run}` : (actions[at] as string));
    at += run;
  }
  return parts.join(', ');
}
