/**
 * Holds document worker threads (platform/documents) until a test lets them go, with no timing: the task
 * waits on a shared flag the test sets. Both halves live here: the builder a worker runs, and the gate.
 */

/** The worker's half: waits until the gate opens (at most a minute, so a failed test cannot hang the run). */
export function waitForGate(flag: SharedArrayBuffer): Uint8Array {
  Atomics.wait(new Int32Array(flag), 0, 0, 60_000);
  return new Uint8Array(0);
}

/** A closed gate: `task` holds a thread until `open()`. */
export function closedGate() {
  const flag = new SharedArrayBuffer(4);
  return {
    task: { module: import.meta.url, name: 'waitForGate', args: [flag] },
    open() {
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
    },
  };
}
