import { action, computed, makeObservable, observable } from 'mobx';
import { LOADING_BAR } from 'shared-contracts';
import type { Clock } from './env';

/**
 * §9 loading bar: shown only when loading lasts longer than the throttle (200 ms), its progress animates
 * over `durationMs` (2 s), and after the last job ends it stays full for the hide delay (500 ms).
 */
export class LoadingBarStore {
  visible = false;
  /** 0..100; the CSS transition runs over durationMs */
  progress = 0;
  readonly durationMs = LOADING_BAR.durationMs;
  /** jobs started and not yet finished (observable, so `isLoading` follows it) */
  private pending = 0;
  private showTimer: unknown;
  private hideTimer: unknown;

  constructor(private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>) {
    makeObservable<LoadingBarStore, 'pending' | 'show' | 'hide'>(this, {
      visible: observable,
      progress: observable,
      pending: observable,
      isLoading: computed,
      start: action,
      finish: action,
      show: action,
      hide: action,
    });
  }

  get isLoading() {
    return this.pending > 0;
  }

  start() {
    this.pending += 1;
    if (this.hideTimer !== undefined) {
      this.clock.clearTimeout(this.hideTimer);
      this.hideTimer = undefined;
    }
    if (this.pending === 1 && !this.visible && this.showTimer === undefined) {
      this.showTimer = this.clock.setTimeout(() => this.show(), LOADING_BAR.throttleMs);
    }
  }

  finish() {
    if (this.pending === 0) return;
    this.pending -= 1;
    if (this.pending > 0) return;
    if (this.showTimer !== undefined) {
      this.clock.clearTimeout(this.showTimer);
      this.showTimer = undefined;
    }
    if (this.visible) {
      this.progress = 100;
      this.hideTimer = this.clock.setTimeout(() => this.hide(), LOADING_BAR.hideDelayMs);
    }
  }

  async track<T>(promise: Promise<T>): Promise<T> {
    this.start();
    try {
      return await promise;
    } finally {
      this.finish();
    }
  }

  private show() {
    this.showTimer = undefined;
    this.visible = true;
    this.progress = 90;
  }

  private hide() {
    this.hideTimer = undefined;
    this.visible = false;
    this.progress = 0;
  }
}
