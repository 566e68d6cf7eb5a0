// API keys (§2 /profile/keys, §3, §7, §8): create (the secret is shown once), list, update (name, IP allow-list,
// active flag), delete. The list reloads after every operation (§7); a failed create or update reloads it silently,
// a delete says how it went (key_page_delete_key_success for 3000 ms, else main_error). §5: nothing is sent for a
// visitor who is not signed in. Issue 24: creating and resuming a key go through step-up (a recent sign-in or the
// password again); the signing secret is shown once beside the key; a key suspended by a password reset is resumed
// by its owner; a refusal for an unconfirmed email tells the page, which then says why instead of failing.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { type ApiClient, type ApiKey, type ApiKeyRecord, type HostServices, isApiError, NOTIFICATION_SHORT_TIMEOUT_MS } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';
import { isStepUpCancelled, type StepUpStore } from '../../stepUp/StepUpStore';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]+$/i;

/** An allow-list entry: an IPv4 or IPv6 address, or a CIDR range of one (the server checks them again). */
export function isIpEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && IPV6.test(address) && address.includes(':') && address.split('::').length <= 2;
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (v4 ? 32 : 128);
}

/** The allow-list as typed (commas, spaces or new lines between entries) → its entries. */
export function parseIpList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface KeysDeps {
  api: Pick<ApiClient, 'listApiKeys' | 'generateApiKey' | 'updateApiKey' | 'deleteApiKey' | 'resumeApiKey'>;
  isAuthorised(): boolean;
  notify: HostServices['notify'];
  /** a text of this remote's namespace */
  t(key: 'key_page_delete_key_success' | 'keys_resumed' | 'main_error'): string;
  stepUp: Pick<StepUpStore, 'run'>;
  /** the api answered ERR_EMAIL_NOT_CONFIRMED: the account's status is read again */
  emailNotConfirmed(): void;
}

export class ApiKeysStore {
  keys: ApiKeyRecord[] = [];
  /** the list stays on screen while it reloads, and when a reload fails */
  readonly loadState = new LoadState({ what: 'API keys', keepWhileLoading: true, keepOnError: true });
  /** the secret and signing secret of the key just created: shown once, forgotten when its dialog closes */
  created: (ApiKeyRecord & { secret: string; signingSecret?: string }) | null = null;
  busy = false;

  constructor(private readonly deps: KeysDeps) {
    makeObservable(this, {
      keys: observableRef,
      created: observableRef,
      busy: observable,
      forgetSecret: action,
    });
  }

  async load(): Promise<void> {
    if (!this.deps.isAuthorised()) return;
    await this.loadState.load(
      () => this.deps.api.listApiKeys(),
      (keys) => {
        this.keys = [...keys].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      },
    );
  }

  /** Creates a key; true when it was created (its secret is then in `created`). */
  async create(name: string): Promise<boolean> {
    if (!this.deps.isAuthorised()) return false;
    return this.run(async () => {
      const created = await this.deps.stepUp.run(() => this.deps.api.generateApiKey({ body: { name: name.trim() } }));
      runInAction(() => (this.created = created));
    });
  }

  /** Resumes a key suspended by a password reset (and its webhooks); says how it went. */
  async resume(apiId: string): Promise<boolean> {
    if (!this.deps.isAuthorised()) return false;
    const ok = await this.run(async () => {
      await this.deps.stepUp.run(() => this.deps.api.resumeApiKey({ body: { id: apiId } }));
    });
    if (ok) this.deps.notify({ type: 'success', message: this.deps.t('keys_resumed'), timeout: NOTIFICATION_SHORT_TIMEOUT_MS });
    return ok;
  }

  /** Saves a key's settings; true when the server took them. */
  async update(key: ApiKey): Promise<boolean> {
    if (!this.deps.isAuthorised()) return false;
    return this.run(async () => {
      await this.deps.api.updateApiKey({ body: key });
    });
  }

  setActive(key: ApiKeyRecord, isActive: boolean): Promise<boolean> {
    return this.update({ apiId: key.apiId, name: key.name, whiteListIp: key.whiteListIp, isActive });
  }

  async remove(apiId: string): Promise<boolean> {
    if (!this.deps.isAuthorised()) return false;
    const ok = await this.run(async () => {
      await this.deps.api.deleteApiKey({ body: { apiId } });
    });
    this.deps.notify(
      ok
        ? { type: 'success', message: this.deps.t('key_page_delete_key_success'), timeout: NOTIFICATION_SHORT_TIMEOUT_MS }
        : { type: 'error', message: this.deps.t('main_error'), timeout: NOTIFICATION_SHORT_TIMEOUT_MS },
    );
    return ok;
  }

  forgetSecret(): void {
    this.created = null;
  }

  /** One operation, then the list reloads whatever happened (§7; a failure is otherwise silent, §8). */
  private async run(operation: () => Promise<void>): Promise<boolean> {
    runInAction(() => (this.busy = true));
    let ok = true;
    try {
      await operation();
    } catch (error) {
      // a closed step-up dialog (StepUpCancelled) is no failure to report: the form stays as it was
      if (!isStepUpCancelled(error)) console.warn('API key operation failed', error);
      if (isApiError(error) && error.code === 'ERR_EMAIL_NOT_CONFIRMED') this.deps.emailNotConfirmed();
      ok = false;
    }
    runInAction(() => (this.busy = false));
    await this.load();
    return ok;
  }
}
