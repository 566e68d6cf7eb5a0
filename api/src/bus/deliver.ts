export type BusHandler = (message: string) => void;
export type BusErrorReporter = (err: unknown, channel: string) => void;

export const defaultBusErrorReporter: BusErrorReporter = (err, channel) => {
  console.error(`[bus] handler on "${channel}" failed:`, err);
};

/** Calls every handler; a throwing or rejecting handler is reported and never reaches the bus or its peers. */
export function deliver(handlers: Iterable<BusHandler>, channel: string, message: string, report: BusErrorReporter): void {
  for (const handler of [...handlers]) {
    try {
      const result = handler(message) as unknown;
      if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
        (result as Promise<unknown>).catch((err: unknown) => report(err, channel));
      }
    } catch (err) {
      report(err, channel);
    }
  }
}
