import { action, makeObservable, observable } from 'mobx';
import { NOTIFICATION_DEFAULT_TIMEOUT_MS, NOTIFICATION_SHORT_TIMEOUT_MS, type Notification } from 'shared-contracts';
import type { Clock } from './env';

export type NotificationInput = Pick<Notification, 'type' | 'message'> & { timeout?: number; traceID?: string };

/** §4 notifications: removed after their timeout (30 s, 3 s for errors); an identical last message is not added again. */
export class NotificationStore {
  items: Notification[] = [];
  private timers = new Map<string, unknown>();
  private seq = 0;

  constructor(private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>) {
    makeObservable(this, { items: observable, add: action, remove: action, dispose: action });
  }

  add(input: NotificationInput): Notification | undefined {
    const last = this.items[this.items.length - 1];
    if (last && last.message === input.message) return undefined;
    const id = `n${++this.seq}`;
    const timeout = input.timeout ?? (input.type === 'error' ? NOTIFICATION_SHORT_TIMEOUT_MS : NOTIFICATION_DEFAULT_TIMEOUT_MS);
    const notification: Notification = { id, traceID: input.traceID ?? id, type: input.type, message: input.message, timeout };
    this.items.push(notification);
    this.timers.set(
      id,
      this.clock.setTimeout(() => this.remove(id), timeout),
    );
    return notification;
  }

  remove(id: string) {
    const timer = this.timers.get(id);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.timers.delete(id);
    this.items = this.items.filter((n) => n.id !== id);
  }

  dispose() {
    for (const id of [...this.timers.keys()]) this.remove(id);
  }
}
