export type { AnalyticsEvent, ApiClient } from 'shared-contracts';
import type { Notification } from 'shared-contracts';

export type NotificationInputLike = Pick<Notification, 'type' | 'message'> & { timeout?: number };
