// Issue 12: the admin review of identity verifications (ADMIN permission, §6). The pending ones (CREATED, PROCESS) in a
// list; one opened shows its data, documents and audit log (opening it is adminKycTake, a POST: a CREATED one goes under
// review, PROCESS; issue 24: the GET adminKycGet is a pure read, used to reload);
// pass, or reject with a reason (required), through adminKycDecide; then the list and the opened verification reload,
// so who decided and when come from the server. Nothing is sent for anyone but a signed-in admin.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { type ApiClient, type HostServices, NOTIFICATION_SHORT_TIMEOUT_MS, type RouteResponse, type VerificationStatus } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';

export type AdminKycItem = RouteResponse<'adminKycList'>['items'][number];
export type AdminKycVerification = RouteResponse<'adminKycGet'>;

/** The statuses that wait for an admin. */
const PENDING: readonly VerificationStatus[] = ['CREATED', 'PROCESS'];
export const isPending = (status: VerificationStatus) => PENDING.includes(status);
/** The list asks for one page this large (pending first); an admin works through them oldest first. */
const PER_PAGE = 100;

export interface AdminKycDeps {
  api: Pick<ApiClient, 'adminKycList' | 'adminKycGet' | 'adminKycTake' | 'adminKycDecide'>;
  /** a signed-in account with the ADMIN permission */
  isAdmin(): boolean;
  notify: HostServices['notify'];
  /** a text of this remote's namespace */
  t(key: 'admin_kyc_passed' | 'admin_kyc_rejected' | 'admin_kyc_decide_failed'): string;
}

export class AdminVerificationsStore {
  items: AdminKycItem[] = [];
  /** the list stays on screen while it reloads, and when a reload fails */
  readonly loadState = new LoadState({ what: 'admin KYC list', keepWhileLoading: true, keepOnError: true });
  /** the verification opened for review */
  detail: AdminKycVerification | null = null;
  /** the opened verification's: ready while `detail` is there, which a reload keeps */
  readonly detailState = new LoadState({ what: 'admin KYC verification', keepWhileLoading: true, keepOnError: true });
  openedId: string | null = null;
  busy = false;

  constructor(private readonly deps: AdminKycDeps) {
    makeObservable(this, {
      items: observableRef,
      detail: observableRef,
      openedId: observable,
      busy: observable,
      close: action,
    });
  }

  async load(): Promise<void> {
    if (!this.deps.isAdmin()) return;
    await this.loadState.load(
      () => this.deps.api.adminKycList({ query: { page: 1, perPage: PER_PAGE } }),
      (page) => {
        this.items = page.items.filter((v) => isPending(v.status)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      },
    );
  }

  /** Opens a verification for review (adminKycTake: a CREATED one moves to PROCESS); `reload` only reads it again. */
  async open(verificationId: string, reload = false): Promise<void> {
    if (!this.deps.isAdmin()) return;
    if (this.openedId !== verificationId) this.close();
    runInAction(() => (this.openedId = verificationId));
    await this.detailState.load(
      () => (reload ? this.deps.api.adminKycGet({ params: { verificationId } }) : this.deps.api.adminKycTake({ body: { verificationId } })),
      (detail) => {
        this.detail = detail;
      },
    );
  }

  close(): void {
    this.detailState.reset();
    this.openedId = null;
    this.detail = null;
  }

  /** Passes or rejects (a reason required) the opened verification; true when the server took the decision. */
  async decide(decision: 'PASS' | 'REJECT', rejectReason?: string): Promise<boolean> {
    const verificationId = this.openedId;
    const reason = rejectReason?.trim();
    if (!this.deps.isAdmin() || !verificationId || this.busy) return false;
    if (decision === 'REJECT' && !reason) return false;
    runInAction(() => (this.busy = true));
    let ok = true;
    try {
      await this.deps.api.adminKycDecide({ body: decision === 'PASS' ? { verificationId, decision } : { verificationId, decision, rejectReason: reason } });
    } catch (error) {
      console.warn('admin KYC decision failed', error);
      ok = false;
    }
    const t = this.deps.t;
    this.deps.notify({
      type: ok ? 'success' : 'error',
      message: ok ? t(decision === 'PASS' ? 'admin_kyc_passed' : 'admin_kyc_rejected') : t('admin_kyc_decide_failed'),
      timeout: NOTIFICATION_SHORT_TIMEOUT_MS,
    });
    // whatever happened, the list and the opened verification (its decision, who and when, the audit log) reload
    await Promise.all([this.load(), this.open(verificationId, true)]);
    runInAction(() => (this.busy = false));
    return ok;
  }
}
