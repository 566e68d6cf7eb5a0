// Runs async work one at a time, in call order: every transaction from the hot wallet is signed under one of these so
// that no two get the same nonce.
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
