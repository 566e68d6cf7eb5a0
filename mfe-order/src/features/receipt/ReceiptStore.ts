// Issue 29: a finished order's signed receipt (GET /api/v1/orders/public/receipt, named by the order's id and
// destination address). Loaded once, after mount, for a completed or refunded order only; the card then offers the
// JWS as a file (`receipt-<orderId>.jws`) and the decoded payload as a printable receipt.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient, Receipt } from 'shared-contracts';

type ReceiptApi = Pick<ApiClient, 'orderReceipt'>;

export type ReceiptStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ReceiptStoreDeps {
  api: ReceiptApi;
  orderId: string;
  destinationAddress: string;
}

export class ReceiptStore {
  status: ReceiptStatus = 'idle';
  receipt: Receipt | null = null;
  /** The printable view is shown. */
  printable = false;
  private disposed = false;

  constructor(private readonly deps: ReceiptStoreDeps) {
    makeObservable(this, { status: observable, receipt: observableRef, printable: observable, togglePrintable: action });
  }

  /** The file name the receipt is saved as. */
  get fileName(): string {
    return `receipt-${this.deps.orderId}.jws`;
  }

  /** The JWS as a link target (ASCII only: base64url and dots), so the download is a plain link. */
  get fileHref(): string | null {
    return this.receipt ? `data:application/jose;charset=us-ascii,${encodeURIComponent(this.receipt.jws)}` : null;
  }

  async load(): Promise<void> {
    if (this.status === 'loading' || this.status === 'ready') return;
    runInAction(() => (this.status = 'loading'));
    try {
      const receipt = await this.deps.api.orderReceipt({ query: { orderId: this.deps.orderId, destinationAddress: this.deps.destinationAddress } });
      if (!this.disposed)
        runInAction(() => {
          this.receipt = receipt;
          this.status = 'ready';
        });
    } catch {
      if (!this.disposed) runInAction(() => (this.status = 'failed'));
    }
  }

  togglePrintable(): void {
    this.printable = !this.printable;
  }

  dispose(): void {
    this.disposed = true;
  }
}
