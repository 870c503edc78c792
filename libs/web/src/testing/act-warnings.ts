/*
 * React's act warnings fail the test that caused them instead of scrolling past in stderr. They mean the test lost
 * work it relied on: after 'A component suspended inside an `act` scope, but the `act` call was not awaited' React
 * drops the render it was waiting to resume, so the page stops updating (no effects, no queries, no requests) until
 * the next act, and what is asserted meanwhile may pass on a page that froze. The cure is an awaited act around what
 * suspends (the shell's renderAppAsync), never hiding the message.
 *
 * React says the 'suspended' and 'without await' warnings once per test file (they are kept per module instance): the
 * first test to cause one fails; a second one in the same file shows once the first is fixed.
 */

const actWarnings = [
  'suspended inside an `act` scope, but the `act` call was not awaited',
  'without await. This could lead to unexpected testing behaviour',
  'not wrapped in act(...)',
];

const caught: string[] = [];

/** Records React's act warnings from here on; they still reach stderr as before. */
export function recordActWarnings(): void {
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    const message = String(args[0]);
    if (actWarnings.some((warning) => message.includes(warning))) caught.push(message.split('\n', 1)[0] ?? message);
    consoleError(...args);
  };
}

// A test may fake the clock; the wait below needs the real one.
const realSetTimeout = globalThis.setTimeout;

/** Throws (failing the current test) when React warned about act since the last call. */
export async function failOnActWarnings(): Promise<void> {
  // React warns a few microtasks after the act that caused it, possibly after a synchronous test has returned.
  await new Promise((resolve) => realSetTimeout(resolve, 0));
  if (caught.length === 0) return;
  const warnings = caught.splice(0);
  throw new Error(`React warned about act in this test (await the act that renders what suspends):\n${warnings.join('\n')}`);
}
