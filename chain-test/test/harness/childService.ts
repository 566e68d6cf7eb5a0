// A child process of the end-to-end suite (api, signer, web): one node process (`node --import tsx …`, no wrapper in
// between, so a kill -9 reaches the service itself), its output kept for a failing test's post-mortem, and killed
// when the test process exits even if afterAll never ran.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killOnExit(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export interface ChildServiceOptions {
  name: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}

export class ChildService {
  private child: ChildProcess | undefined;
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  private lastExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** What the current process wrote (stdout and stderr, interleaved). */
  private current = '';

  constructor(private readonly opts: ChildServiceOptions) {}

  get name(): string {
    return this.opts.name;
  }

  /** The environment it starts with (before a start's extras). */
  get env(): NodeJS.ProcessEnv {
    return this.opts.env;
  }

  get cwd(): string {
    return this.opts.cwd;
  }

  get args(): readonly string[] {
    return this.opts.args;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.lastExit === undefined;
  }

  /** How the last process ended (undefined while it runs). */
  get exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.lastExit;
  }

  output(): string {
    return this.current;
  }

  /** The log file's tail, for error messages. */
  tail(chars = 3000): string {
    try {
      return fs.readFileSync(this.opts.logFile, 'utf8').slice(-chars);
    } catch {
      return this.current.slice(-chars);
    }
  }

  start(extraEnv: NodeJS.ProcessEnv = {}): void {
    if (this.running) throw new Error(`${this.name} already running`);
    const log = fs.createWriteStream(this.opts.logFile, { flags: 'a' });
    log.write(`\n── ${new Date().toISOString()} start ${this.name} ${Object.keys(extraEnv).join(' ')}\n`);
    const child = spawn(process.execPath, this.opts.args, {
      cwd: this.opts.cwd,
      env: { ...this.opts.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.lastExit = undefined;
    this.current = '';
    killOnExit(child);
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      this.current = (this.current + text).slice(-200_000);
      log.write(text);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.lastExit = { code, signal };
        log.end(`── exit ${code ?? signal}\n`);
        resolve({ code, signal });
      }),
    );
  }

  /** Resolves when the current process has exited (at once when none runs). */
  async exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined> {
    if (!this.exit) return undefined;
    return this.exit;
  }

  /** kill -9, then waits for the exit. */
  async kill9(): Promise<void> {
    if (!this.running) return;
    this.child?.kill('SIGKILL');
    await this.exited();
  }
}
