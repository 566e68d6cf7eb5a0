// Fastify makes a child logger for every request (bindings: the request id). With the redaction of server-kit/logging,
// pino runs every binding through its wildcard redaction when the child is made — about a tenth of the api's CPU
// on a cached GET such as rates/public/one (issue 14 bench, `node --cpu-prof`). Most requests never log, so the
// child is made only when the request's logger is first used: the same child, with the same bindings and options,
// when it is needed, and no cost otherwise.
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Pinoish = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

class LazyChildLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: Pinoish,
    private readonly childBindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The real child logger, made on first use. */
  get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.childBindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  /** Below the logger's level nothing is written, so no child is needed either. */
  private call(level: Level, args: unknown[]): void {
    if (!this.made && this.options.level === undefined && this.parent.isLevelEnabled && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.call('fatal', args);
  }
  error(...args: unknown[]): void {
    this.call('error', args);
  }
  warn(...args: unknown[]): void {
    this.call('warn', args);
  }
  info(...args: unknown[]): void {
    this.call('info', args);
  }
  debug(...args: unknown[]): void {
    this.call('debug', args);
  }
  trace(...args: unknown[]): void {
    this.call('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  bindings(): Bindings {
    return (this.real as FastifyBaseLogger & { bindings(): Bindings }).bindings();
  }

  isLevelEnabled(level: string): boolean {
    const real = this.real as Pinoish;
    return real.isLevelEnabled ? real.isLevelEnabled(level) : true;
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger as Pinoish, bindings, options) as unknown as FastifyBaseLogger;
}
