// The mfe-exchange root store, one per mount of a page (DESIGN.md "Stores").
import type { ApiClient } from 'shared-contracts';
import { ExchangeFormStore } from './ExchangeFormStore';
import { RatesSocket, type SocketFactory } from './RatesSocket';

export interface ExchangeRootDeps {
  api: Pick<ApiClient, 'instrumentsV2' | 'pairsDefault' | 'rateOne'>;
  wsUrl: string;
  createSocket?: SocketFactory;
}

export class ExchangeRootStore {
  readonly ratesSocket: RatesSocket;
  readonly form: ExchangeFormStore;
  private readonly stopListening: () => void;

  constructor(deps: ExchangeRootDeps) {
    this.ratesSocket = new RatesSocket({ url: deps.wsUrl, createSocket: deps.createSocket });
    this.form = new ExchangeFormStore(deps.api, this.ratesSocket);
    this.stopListening = this.ratesSocket.listen({
      onData: (data) => this.form.applyLive(data),
      onError: (error) => this.form.applyLiveError(error),
    });
  }

  dispose(): void {
    this.stopListening();
    this.form.dispose();
    this.ratesSocket.dispose();
  }
}
