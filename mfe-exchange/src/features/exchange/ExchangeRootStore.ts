// The mfe-exchange root store, one per mount of an exchange page (DESIGN.md "Stores"): it owns every feature store of
// the page: `form`, `ratesSocket`, `extras` (home only) and `details` (the order details, see below).
//
// Lifecycle (ready for server rendering): the page creates it in render (`useState(() => new ExchangeRootStore(…))`);
// the constructor only builds objects (no socket, request, timer, window or storage). `start()` runs in an effect
// after mount (loads, socket through the form's first rate), `dispose()` in that effect's cleanup. With a `snapshot`
// (the server's first load, `host.initialData`) the form is built ready and `start()` only subscribes the rates. One start and one
// dispose per root: a disposed root is not restarted (a new mount makes a new root).
//
// `details`: the details UI is an async chunk (not on the calculator's first paint), and so is its store. The root
// does not import ExchangeDetailsStore (only its type); `start()` asks `loadDetails` (the page wires it to that same
// chunk, which exports the factory) and then owns what the factory made. Until then `details` is null.
//
// The draft (§4/§8 "reload … with state preserved", formDraft.ts): with `draft`, start() gives back the draft saved
// before a new-build or chunk-error reload of this address (the form's pair, mode, side and amounts, then the
// details' addresses and memos once that store exists), and from then on saves the draft a moment after each change.
import { makeObservable, observableRef, reaction, runInAction } from 'mobx';
import type { AnalyticsEvent } from 'shared-contracts';
import type { ExchangeDetailsStore } from './details/ExchangeDetailsStore';
import { ExchangeFormStore, type FormApi } from './ExchangeFormStore';
import type { ExchangeSnapshot } from './exchangeSnapshot';
import { FormAnalytics } from './FormAnalytics';
import { DRAFT_SAVE_DELAY_MS, draftToRestore, saveDraft, type DraftPlace, type FormDraft } from './formDraft';
import type { InitialSelection } from './formSelection';
import { HomeExtrasStore, type HomeExtrasApi } from './homeExtras/HomeExtrasStore';
import { RatesSocket, type SocketFactory } from './RatesSocket';

/** Makes the details store for a root's form (exported by the details chunk). */
export type DetailsStoreFactory = (form: ExchangeFormStore) => ExchangeDetailsStore;

export interface ExchangeRootDeps {
  api: FormApi;
  wsUrl: string;
  createSocket?: SocketFactory;
  /** The selection the page's URL asks for, applied by start(). */
  initial?: InitialSelection;
  /** The server's first load of the form (then `initial` is not loaded again). */
  snapshot?: ExchangeSnapshot;
  /** Home only: the latest exchanges and public stats under the form, popular pairs and the status beside it. */
  extrasApi?: HomeExtrasApi;
  /** Loads the details chunk's factory (absent: no details part, e.g. in form-only tests). */
  loadDetails?: () => Promise<DetailsStoreFactory>;
  /** Whether the visit came through a referral (§8: the general minimum is then kept on a below-minimum load). */
  hasReferral?: () => boolean;
  /** §4 analytics (host.analytics.track): the form's exchange_parameters_changed and exchange_abandoned. */
  track?(event: AnalyticsEvent, data?: Record<string, unknown>): void;
  /** Subscribes to the page going away (the browser: pagehide); returns the unsubscribe. Called by start(). */
  onPageHide?(listener: () => void): () => void;
  /** Where the form's draft is kept across an update reload (the browser's session storage); called by start(). */
  draft?(): DraftPlace | null;
}

export class ExchangeRootStore {
  readonly ratesSocket: RatesSocket;
  readonly form: ExchangeFormStore;
  readonly extras: HomeExtrasStore | null;
  /** The details part's store, once its chunk has loaded (observable: the details UI waits for it). */
  details: ExchangeDetailsStore | null = null;

  private readonly stopListening: () => void;
  private started = false;
  private disposed = false;
  private stopPageHide: (() => void) | null = null;
  private stopDraft: (() => void) | null = null;

  constructor(private readonly deps: ExchangeRootDeps) {
    this.ratesSocket = new RatesSocket({ url: deps.wsUrl, createSocket: deps.createSocket });
    const track = deps.track;
    const analytics = track
      ? new FormAnalytics({
          track,
          snapshot: () => ({
            ...(this.form.from ? { from: this.form.from.slug } : {}),
            ...(this.form.to ? { to: this.form.to.slug } : {}),
            rateMode: this.form.rateMode,
          }),
        })
      : undefined;
    this.form = new ExchangeFormStore(deps.api, this.ratesSocket, deps.snapshot, deps.hasReferral, analytics);
    this.extras = deps.extrasApi ? new HomeExtrasStore(deps.extrasApi) : null;
    this.stopListening = this.ratesSocket.listen({
      onData: (data) => this.form.applyLive(data),
      onError: (error) => this.form.applyLiveError(error),
    });
    makeObservable(this, { details: observableRef });
  }

  /**
   * After mount: the details chunk loads alongside the form (the extras when they come into view); resolves when the form's first load is
   * done (instruments, pair, rate; the socket subscribes then), so the page can check the route's slugs.
   */
  async start(): Promise<void> {
    if (this.started || this.disposed) return;
    this.started = true;
    const analytics = this.form.analytics;
    if (analytics) this.stopPageHide = this.deps.onPageHide?.(() => analytics.leave()) ?? null;
    const place = this.deps.draft?.() ?? null;
    const draft = place ? draftToRestore(place) : null;
    const details = this.startDetails();
    const formLoaded = this.deps.snapshot ? this.form.resume() : this.form.init(this.deps.initial);
    // the extras (loaded when they come into view) name the popular pairs' coins with the form's instruments (one
    // request for them, not two)
    this.extras?.nameWithFormInstruments(formLoaded.then(() => [...this.form.instruments]));
    await formLoaded;
    if (this.disposed) return;
    if (draft && this.form.instruments.length > 0 && this.form.unknownSlugs.length === 0) {
      // the addresses after the pair: a store that follows the instruments must not see them change under a restored memo
      void details.then(() => this.restoreAddresses(draft));
      await this.form.restoreDraft(draft);
    }
    if (place && !this.disposed) this.saveDraftOnChange(place);
  }

  private restoreAddresses(draft: FormDraft): void {
    const details = this.details;
    if (!details || this.disposed) return;
    runInAction(() => {
      details.destinationAddress = draft.destinationAddress;
      details.destinationMemo = draft.destinationMemo;
      details.refundAddress = draft.refundAddress;
      details.refundMemo = draft.refundMemo;
    });
  }

  private saveDraftOnChange(place: DraftPlace): void {
    this.stopDraft = reaction(
      () => {
        const f = this.form;
        const d = this.details;
        return JSON.stringify({
          from: f.from?.slug ?? null,
          to: f.to?.slug ?? null,
          rateMode: f.rateMode,
          activeSide: f.activeSide,
          valueToSend: f.valueToSend,
          valueToReceive: f.valueToReceive,
          destinationAddress: d?.destinationAddress ?? '',
          destinationMemo: d?.destinationMemo ?? '',
          refundAddress: d?.refundAddress ?? '',
          refundMemo: d?.refundMemo ?? '',
        });
      },
      (json) => saveDraft(place, JSON.parse(json) as Omit<FormDraft, 'page'>),
      { delay: DRAFT_SAVE_DELAY_MS },
    );
  }

  private async startDetails(): Promise<void> {
    if (!this.deps.loadDetails) return;
    let create: DetailsStoreFactory;
    try {
      create = await this.deps.loadDetails();
    } catch (error) {
      // A chunk that fails to load is the shell's business (unhandled chunk errors reload the page once).
      console.warn('[mfe-exchange] details chunk unavailable', error);
      return;
    }
    if (this.disposed) return;
    runInAction(() => (this.details = create(this.form)));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // unmounted (another page): the visitor left the form
    this.stopPageHide?.();
    this.stopDraft?.();
    this.form.analytics?.leave();
    this.stopListening();
    this.details?.dispose();
    this.extras?.dispose();
    this.form.dispose();
    this.ratesSocket.dispose();
  }
}
