// The exchange details and order creation (spec §4 exchange form, §5 validation, §8 order creation):
// destination address and memo, refund address and memo (fixed rate), terms, email by ckm, then
//   create: wait for pair/swap loading (100 ms poll) → load the pair → validate → create → redirect.
// A card purchase (fiat sender) goes through the §4 card flow (../cardFlow/CardFlowStore.ts): a guest gets the register
// dialog before anything else, and the create runs inside the flow.
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import {
  MAX_SLIPPAGE,
  PAIR_LOADING_WAIT_POLL_MS,
  askedAmount,
  checkMemo,
  isApiError,
  pagePath,
  promisedAmount,
  type AnalyticsEvent,
  type ApiClient,
  type CreateOrderBody,
  type ExchangeRequest,
  type Instrument,
  type Order,
  type PairData,
  type RateMode,
  type UtmRecord,
} from 'shared-contracts';
import { ExactDecimal } from 'remote-kit/format';
import { asksForEmail, isValidEmail, mustConfirmEmail, sameEmail, sanitiseEmail } from '../../../lib/ckm';
import type { CardFlowStore } from '../cardFlow/CardFlowStore';
import { parsePaymentUri, scannedMemo } from '../scanner/paymentUri';

/** Issue 25: an address is checked this long after the visitor stops typing it (not only on submit, not every keystroke). */
export const ADDRESS_CHECK_DELAY_MS = 400;

type AddressField = 'destinationAddress' | 'refundAddress';

export type DetailsField = 'destinationAddress' | 'destinationMemo' | 'refundAddress' | 'refundMemo' | 'maxSlippage' | 'terms' | 'email';
/** The fields a QR code can fill (§2 QR scanner). */
export type ScannableField = 'destinationAddress' | 'destinationMemo' | 'refundAddress' | 'refundMemo';

/** What the details part needs from the calculator. */
export interface PairSource {
  readonly from: Instrument | null;
  readonly to: Instrument | null;
  readonly rateMode: RateMode;
  readonly pairData: PairData | null;
  readonly isLoading: boolean;
  readonly isSwapCoinsLoading: boolean;
  /**
   * The §3 exchange request the form asks for: the amount as typed and, when typed on the receive side, its currency
   * (claimedDepositAmountCurrency). The create says the same (issue 23), so a retry is the same intent whatever the quote.
   */
  readonly request: ExchangeRequest | null;
  loadRate(): Promise<boolean>;
}

export interface ExchangeDetailsDeps {
  api: Pick<ApiClient, 'validateAddress' | 'orderCreate'>;
  form: PairSource;
  session: { readonly isAuthorised: boolean; readonly account: { email: string } | null };
  navigate(to: string): void;
  track?(event: AnalyticsEvent, data?: Record<string, unknown>): void;
  /** The order exists (before the page moves to it): the form's analytics stop counting it as abandoned. */
  onOrderCreated?(orderId: string): void;
  referral: { get(): string | undefined; clear(): void };
  /** The email confirmed in this browser before (§4 ckm A), read and written only once it is confirmed. */
  localEmail: { get(): string | undefined; remember(email: string): void };
  /**
   * The shell's email-confirmation dialog (host.session.confirmEmail): mails a code to the email and resolves
   * with the confirmed email (the visitor may correct it there), or null when dismissed.
   */
  confirmEmail(email: string): Promise<string | null>;
  utm(): UtmRecord | null;
  /** §1 visitor id (host.session.getVisitorId); an order goes without it when it fails. */
  fingerprint(): Promise<string | undefined>;
  newIdempotencyKey(): string;
  /**
   * §4 card flow of a fiat sender (owned by this store: disposed with it), made on demand: its code is a chunk of its
   * own (issue 27: not on the home page's first load), asked for as soon as the send side is fiat.
   */
  cardFlow(): Promise<CardFlowStore>;
  sleep?(ms: number): Promise<void>;
  /** How long after the last keystroke an address is checked (ADDRESS_CHECK_DELAY_MS by default). */
  addressCheckDelayMs?: number;
}

/** What one create attempt gave: the order, or nothing because the calculator could not price it (it shows why). */
type Placed = { order: Order } | null;

export class ExchangeDetailsStore {
  destinationAddress = '';
  destinationMemo = '';
  /** "My destination needs no memo": the explicit confirmation that lifts the memo error. */
  noMemo = false;
  refundAddress = '';
  refundMemo = '';
  termsAccepted = false;
  email = '';
  /** Issue 29: a floating order's maximum slippage (a fraction, MAX_SLIPPAGE's bounds); null while the custom value typed is none. */
  maxSlippage: string | null = MAX_SLIPPAGE.default;
  errors: Partial<Record<DetailsField, string>> = {};
  createError: string | null = null;
  isCreating = false;

  /** §4 card flow of a fiat sender: its dialogs render from it; null until a fiat send side asked for it. */
  cardFlow: CardFlowStore | null = null;
  private cardFlowLoad: Promise<CardFlowStore> | null = null;
  private readonly stopCardFlowPreload: () => void;

  private idempotency: { fingerprint: string; key: string } | null = null;
  private disposed = false;
  private readonly addressChecks: Partial<Record<AddressField, ReturnType<typeof setTimeout>>> = {};

  constructor(private readonly deps: ExchangeDetailsDeps) {
    this.email = deps.localEmail.get() ?? '';
    makeObservable<ExchangeDetailsStore, 'setCardFlow'>(this, {
      cardFlow: observableRef,
      setCardFlow: action,
      destinationAddress: observable,
      destinationMemo: observable,
      noMemo: observable,
      refundAddress: observable,
      refundMemo: observable,
      termsAccepted: observable,
      email: observable,
      maxSlippage: observable,
      errors: observableRef,
      createError: observable,
      isCreating: observable,
      requiresMemo: computed,
      isFixed: computed,
      isCardPurchase: computed,
      asksRefund: computed,
      asksSlippage: computed,
      askEmail: computed,
      set: action,
      setMaxSlippage: action,
      fillFromScan: action,
      setNoMemo: action,
      setTermsAccepted: action,
      setEmail: action,
      validate: action,
      create: action,
    });
    // the card flow's chunk while the visitor still fills the form, so that create never waits for it
    this.stopCardFlowPreload = reaction(
      () => this.isCardPurchase,
      (card) => {
        if (card) void this.loadCardFlow().catch(() => undefined);
      },
      { fireImmediately: true },
    );
  }

  private setCardFlow(flow: CardFlowStore): void {
    this.cardFlow = flow;
  }

  /** The card flow, made once; a store disposed meanwhile disposes it at once. */
  private loadCardFlow(): Promise<CardFlowStore> {
    if (!this.cardFlowLoad) {
      const load = this.deps.cardFlow().then((flow) => {
        if (this.disposed) flow.dispose();
        else this.setCardFlow(flow);
        return flow;
      });
      // a failed load (network) is asked again by the next create
      load.catch(() => {
        if (this.cardFlowLoad === load) this.cardFlowLoad = null;
      });
      this.cardFlowLoad = load;
    }
    return this.cardFlowLoad;
  }

  get requiresMemo(): boolean {
    return !!this.deps.form.to?.requiresMemo;
  }
  get refundRequiresMemo(): boolean {
    return !!this.deps.form.from?.requiresMemo;
  }
  get isFixed(): boolean {
    return this.deps.form.rateMode === 'FIXED';
  }
  /** §1 a fiat send side is a card purchase (§4 card flow). */
  get isCardPurchase(): boolean {
    return this.deps.form.from?.instrumentType === 'fiat';
  }
  /**
   * §5 the refund address (fixed rate only) is for the send currency: a card purchase has none, the card is refunded
   * (in either rate mode).
   */
  get asksRefund(): boolean {
    return this.isFixed && !this.isCardPurchase;
  }
  /** Issue 29: a floating order carries a maximum slippage (the slippage control). */
  get asksSlippage(): boolean {
    return !this.isFixed;
  }
  setMaxSlippage(value: string | null): void {
    this.maxSlippage = value;
    if (value !== null) this.clearError('maxSlippage');
  }
  /** §4 ckm: the email field is offered (A / B on a referral visit / D never; signed-in users skip). */
  get askEmail(): boolean {
    return asksForEmail(this.deps.form.pairData?.ckm, this.ckmContext());
  }

  private ckmContext() {
    return { isAuthorised: this.deps.session.isAuthorised, isReferralVisit: !!this.deps.referral.get() };
  }
  /** What the visitor typed in the email field, when the form shows it (nothing otherwise). */
  private get typedEmail(): string | undefined {
    return this.askEmail && this.email.trim() ? this.email.trim() : undefined;
  }
  /** §5 "An email error shows only when the field is non-empty and invalid." */
  get emailError(): string | undefined {
    return this.email && !isValidEmail(this.email) ? 'error_email_incorrect' : undefined;
  }

  set(field: 'destinationAddress' | 'destinationMemo' | 'refundAddress' | 'refundMemo', value: string): void {
    this[field] = value;
    this.clearError(field);
    if (field === 'destinationAddress' || field === 'refundAddress') this.checkWhenTyped(field);
  }

  /** Issue 25: the address is checked once the visitor pauses typing; its error (or none) shows then, not on submit only. */
  private checkWhenTyped(field: AddressField): void {
    clearTimeout(this.addressChecks[field]);
    this.addressChecks[field] = setTimeout(() => void this.checkTyped(field), this.deps.addressCheckDelayMs ?? ADDRESS_CHECK_DELAY_MS);
  }

  private async checkTyped(field: AddressField): Promise<void> {
    delete this.addressChecks[field];
    const typed = this[field].trim();
    const instrument = field === 'destinationAddress' ? this.deps.form.to : this.deps.form.from;
    // an empty field is said on submit (error_address_empty), never while the visitor is still on it
    if (this.disposed || !typed || !instrument || (field === 'refundAddress' && !this.asksRefund)) return;
    const showError = action((key: string) => (this.errors = { ...this.errors, [field]: key }));
    if (field === 'refundAddress' && typed === this.destinationAddress.trim()) {
      showError('error_address_must_be_different');
      return;
    }
    const valid = await this.askAddress(instrument, typed);
    const current = field === 'destinationAddress' ? this.deps.form.to : this.deps.form.from;
    // typed on, or the coin changed, meanwhile: that answer is about something else; an unavailable check says nothing
    if (this.disposed || valid === null || this[field].trim() !== typed || current !== instrument) return;
    if (valid) runInAction(() => this.clearError(field));
    else showError('error_address_incorrect');
  }
  /**
   * §2 QR scanner: a scanned code fills `field`. An address field takes the address of a payment URI (or the bare
   * address), and the memo / tag beside it when the URI has one and the currency uses memos; a memo field takes the
   * URI's memo or the code's text. False when the code holds nothing for the field (it is left as it was).
   */
  fillFromScan(field: ScannableField, raw: string): boolean {
    if (field === 'destinationMemo' || field === 'refundMemo') {
      const memo = scannedMemo(raw);
      if (!memo) return false;
      this.set(field, memo);
      if (field === 'destinationMemo') this.noMemo = false;
      return true;
    }
    const payment = parsePaymentUri(raw);
    if (!payment) return false;
    this.set(field, payment.address);
    if (payment.memo && field === 'destinationAddress' && this.requiresMemo) {
      this.set('destinationMemo', payment.memo);
      this.noMemo = false;
    }
    if (payment.memo && field === 'refundAddress' && this.refundRequiresMemo) this.set('refundMemo', payment.memo);
    return true;
  }
  setNoMemo(value: boolean): void {
    this.noMemo = value;
    if (value) this.clearError('destinationMemo');
  }
  setTermsAccepted(value: boolean): void {
    this.termsAccepted = value;
    if (value) this.clearError('terms'); // §5 "cleared when accepted"
  }
  setEmail(raw: string): void {
    this.email = sanitiseEmail(raw);
    this.clearError('email');
  }

  private clearError(field: DetailsField): void {
    if (!this.errors[field]) return;
    const next = { ...this.errors };
    delete next[field];
    this.errors = next;
  }

  /** §5 before exchange. Resolves true when nothing blocks the order. */
  async validate(): Promise<boolean> {
    // the submit checks every address itself: a check waiting for the typing to pause is not needed any more
    for (const field of ['destinationAddress', 'refundAddress'] as const) clearTimeout(this.addressChecks[field]);
    const { from, to } = this.deps.form;
    const errors: Partial<Record<DetailsField, string>> = {};
    const destination = this.destinationAddress.trim();
    const refund = this.refundAddress.trim();
    const checks: Promise<void>[] = [];
    // the receive side is always crypto (a pair never receives fiat), so every order has a destination address
    if (!destination) errors.destinationAddress = 'error_address_empty';
    else if (to) checks.push(this.checkAddress(to, destination).then((ok) => void (ok || (errors.destinationAddress = 'error_address_incorrect'))));
    if (this.requiresMemo && !this.destinationMemo.trim() && !this.noMemo) errors.destinationMemo = 'error_memo_empty';
    // §5 a memo that is sent follows its network's rule (shared-contracts memo.ts, as the server checks it)
    const destinationMemoError = this.memoError('destinationMemo');
    if (destinationMemoError) errors.destinationMemo = destinationMemoError;
    const refundMemoError = this.memoError('refundMemo');
    if (refundMemoError) errors.refundMemo = refundMemoError;
    if (this.asksRefund) {
      if (!refund) errors.refundAddress = 'error_address_empty';
      else if (refund === destination) errors.refundAddress = 'error_address_must_be_different';
      else if (from) checks.push(this.checkAddress(from, refund).then((ok) => void (ok || (errors.refundAddress = 'error_address_incorrect'))));
    }
    if (this.asksSlippage && this.maxSlippage === null) errors.maxSlippage = 'error_slippage_range';
    if (this.askEmail && this.emailError) errors.email = this.emailError;
    if (!this.termsAccepted) errors.terms = 'error_terms';
    await Promise.all(checks);
    runInAction(() => {
      this.errors = errors;
      this.destinationAddress = destination;
      this.refundAddress = refund;
    });
    return Object.keys(errors).length === 0;
  }

  /** What is wrong with a memo the order would carry (one is sent only where its instrument requires it, §5). */
  private memoError(field: 'destinationMemo' | 'refundMemo'): string | undefined {
    const instrument = field === 'destinationMemo' ? this.deps.form.to : this.deps.form.from;
    const sent = field === 'destinationMemo' ? this.requiresMemo : this.asksRefund && this.refundRequiresMemo;
    const memo = this[field].trim();
    if (!sent || !memo || !instrument) return undefined;
    return checkMemo(instrument.networkTitle, memo)?.key;
  }

  /** §5 the server's check of an address for a currency and network; on submit a failed check counts as not valid. */
  private async checkAddress(instrument: Instrument, address: string): Promise<boolean> {
    return (await this.askAddress(instrument, address)) === true;
  }

  /** The server's answer for an address, or null when the check itself failed. */
  private async askAddress(instrument: Instrument, address: string): Promise<boolean | null> {
    try {
      return (
        (await this.deps.api.validateAddress({ body: { currencyTitle: instrument.currencyTitle, networkTitle: instrument.networkTitle, address } })) === true
      );
    } catch (error) {
      console.warn('[mfe-exchange] address validation failed', error);
      return null;
    }
  }

  private async waitForPair(): Promise<void> {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    while (!this.disposed && (this.deps.form.isLoading || this.deps.form.isSwapCoinsLoading)) await sleep(PAIR_LOADING_WAIT_POLL_MS);
  }

  buildBody(pair: PairData, fingerprint?: string): CreateOrderBody {
    const ref = (i: Instrument) => ({ currencyTitle: i.currencyTitle, networkTitle: i.networkTitle, slug: i.slug });
    const memo = this.destinationMemo.trim();
    // Asked: what the visitor left in the field (possibly nothing). Otherwise the account's, or the one confirmed here before.
    const email = this.askEmail ? this.email : this.deps.session.account?.email || this.deps.localEmail.get();
    const body: CreateOrderBody = {
      rateMode: this.deps.form.rateMode,
      instrumentFrom: ref(pair.instrumentFrom),
      instrumentTo: ref(pair.instrumentTo),
      destinationAddress: this.destinationAddress.trim(),
      claimedPublicRate: {
        price: pair.price,
        finalNetworkFeeAmount: pair.finalNetworkFeeAmount,
        platformFee_Absolute: pair.platformFee_Absolute,
        quotes: pair.quotes,
        updatedAt: pair.updatedAt,
        claimedAmountToReceive: promisedAmount(pair.amountToGet, pair.instrumentTo),
      },
      claimedNetworkFee: pair.finalNetworkFeeAmount,
      ...this.claimedAmount(pair),
    };
    // §5: memo only if the instrument requires it; refund fields only for fixed rate (never for a card purchase).
    if (this.requiresMemo && memo) body.destinationAddressMemo = memo;
    if (this.asksRefund) {
      body.refundAddress = this.refundAddress.trim();
      if (this.refundRequiresMemo && this.refundMemo.trim()) body.refundAddressMemo = this.refundMemo.trim();
    }
    // issue 29: a floating order's maximum slippage (the api's default when none is sent; refused for a fixed rate)
    if (this.asksSlippage && this.maxSlippage) body.maxSlippage = this.maxSlippage;
    if (email) body.userEmail = email;
    const referrerId = this.deps.referral.get();
    if (referrerId) body.referrerId = referrerId;
    const utm = this.deps.utm();
    if (utm) body.utmData = utm;
    if (fingerprint) body.browserFingerprint = fingerprint;
    return body;
  }

  /**
   * The amount as the visitor entered it (issue 23): typed on the receive side, the receive amount with
   * claimedDepositAmountCurrency, and the api solves the deposit; otherwise the send amount, rounded up to the send
   * coin's unit by the shared rule (shared-contracts amounts.ts), as the api asks for it. Never a quote-derived value
   * when the form's request answers this pair, so a re-quote before a retry changes nothing here.
   */
  private claimedAmount(pair: PairData): Pick<CreateOrderBody, 'claimedDepositAmount' | 'claimedDepositAmountCurrency'> {
    const { instrumentFrom: from, instrumentTo: to } = pair;
    const request = this.deps.form.request;
    if (!request?.claimedDepositAmount || request.instrumentFromSlug !== from.slug || request.instrumentToSlug !== to.slug) {
      return { claimedDepositAmount: askedAmount(pair.claimedDepositAmount, from) };
    }
    if (request.claimedDepositAmountCurrency === to.slug) {
      return { claimedDepositAmount: ExactDecimal.from(request.claimedDepositAmount).toFixed(), claimedDepositAmountCurrency: to.slug };
    }
    return { claimedDepositAmount: askedAmount(request.claimedDepositAmount, from) };
  }

  /**
   * One key per intent — pair, rate mode, the amount and its side, addresses and memos, email, referral — so a retried
   * create never makes two orders, even after a re-quote: the quote fields, UTM data and fingerprint are left out.
   */
  private idempotencyKeyFor(body: CreateOrderBody): string {
    const fingerprint = JSON.stringify([
      body.instrumentFrom.slug,
      body.instrumentTo.slug,
      body.rateMode,
      ExactDecimal.from(body.claimedDepositAmount).toFixed(),
      body.claimedDepositAmountCurrency ?? null,
      body.destinationAddress,
      body.destinationAddressMemo ?? null,
      body.refundAddress ?? null,
      body.refundAddressMemo ?? null,
      body.userEmail ?? null,
      body.referrerId ?? null,
      body.maxSlippage ?? null,
    ]);
    if (this.idempotency?.fingerprint !== fingerprint) this.idempotency = { fingerprint, key: this.deps.newIdempotencyKey() };
    return this.idempotency.key;
  }

  /** §4 order creation. Resolves true when the visitor was sent to the order page. */
  async create(): Promise<boolean> {
    if (this.isCreating) return false;
    // §4 card flow: a guest gets the register dialog, before anything is checked, with the email typed here (issue 25)
    let cardFlow: CardFlowStore | null = null;
    if (this.isCardPurchase) {
      try {
        cardFlow = this.cardFlow ?? (await this.loadCardFlow());
      } catch (error) {
        runInAction(() => (this.createError = this.createErrorKey(error)));
        return false;
      }
      if (this.isCreating || this.disposed) return false; // a second submit while it loaded
      if (!cardFlow.ensureSignedIn(this.typedEmail)) return false;
    }
    runInAction(() => {
      this.isCreating = true;
      this.createError = null;
    });
    try {
      await this.waitForPair();
      const loaded = await this.deps.form.loadRate();
      const pair = this.deps.form.pairData;
      if (!loaded || !pair) return false; // the calculator shows why
      if (!(await this.validate())) return false;
      const confirmation = await this.confirmTypedEmail();
      if (confirmation === 'dismissed') return false;
      // The visitor has been reading mail: price the order on a fresh quote.
      if (confirmation === 'confirmed' && !(await this.deps.form.loadRate())) return false;
      const fingerprint = await this.deps.fingerprint().catch(() => undefined);
      let placed: Placed;
      if (cardFlow) {
        const result = await cardFlow.purchase({
          amount: (this.deps.form.pairData ?? pair).claimedDepositAmount,
          noKycThreshold: (this.deps.form.pairData ?? pair).noKycThreshold,
          email: this.typedEmail,
          // after the provider steps (minutes of mail and KYC) the quote is old: a fresh one first
          create: async (afterFlow) => (afterFlow && !(await this.deps.form.loadRate()) ? null : this.place(pair, fingerprint)),
        });
        if (result.kind !== 'created') return false; // the register dialog, error_kyc_flow, or the visitor closed the flow
        placed = result.order;
      } else {
        placed = await this.place(pair, fingerprint);
      }
      if (!placed) return false;
      const { order } = placed;
      if (!order?.destinationAddress || !order?.rateMode) {
        runInAction(() => (this.createError = 'error_create_order_unknwon')); // §5 (sic: the catalogue's spelling)
        return false;
      }
      this.idempotency = null;
      this.deps.onOrderCreated?.(order.orderId);
      if (this.disposed) return false; // the page is gone: the visitor went elsewhere meanwhile
      this.deps.navigate(pagePath('mfe_order', 'Order', { id: order.orderId }, { destinationAddress: order.destinationAddress }));
      return true;
    } catch (error) {
      const refused = this.refusedField(error);
      runInAction(() => {
        if (refused) this.errors = { ...this.errors, ...refused };
        else this.createError = this.createErrorKey(error);
      });
      return false;
    } finally {
      runInAction(() => (this.isCreating = false));
    }
  }

  /** One create call on the form's latest pair data (`loaded` when it has none). */
  private async place(loaded: PairData, fingerprint: string | undefined): Promise<Placed> {
    const pair = this.deps.form.pairData ?? loaded;
    const body = this.buildBody(pair, fingerprint);
    this.deps.track?.('exchange_initiated', { from: pair.instrumentFrom.slug, to: pair.instrumentTo.slug, rateMode: body.rateMode });
    return { order: await this.send(body) };
  }

  /**
   * §4 ckm: a typed email the visitor is asked for is confirmed with the shell's code dialog before the order,
   * unless this browser confirmed it before. Only a confirmed email is remembered as confirmed.
   */
  private async confirmTypedEmail(): Promise<'not-needed' | 'confirmed' | 'dismissed'> {
    const email = this.email;
    const needed = mustConfirmEmail(this.deps.form.pairData?.ckm, {
      ...this.ckmContext(),
      email,
      confirmedLocally: sameEmail(this.deps.localEmail.get(), email),
    });
    if (!needed) return 'not-needed';
    const confirmed = await this.deps.confirmEmail(email);
    if (!confirmed) return 'dismissed';
    this.deps.localEmail.remember(confirmed);
    runInAction(() => (this.email = confirmed));
    return 'confirmed';
  }

  /**
   * §8 "Not found with a message mentioning referrerAffiliateId clears the stored referral id": a referral
   * link never blocks an order, so the create is then sent once more without it.
   */
  private async send(body: CreateOrderBody) {
    try {
      return await this.deps.api.orderCreate({ body, headers: { 'Idempotency-Key': this.idempotencyKeyFor(body) } });
    } catch (error) {
      if (!body.referrerId || !isUnknownReferrer(error)) throw error;
      console.warn('[mfe-exchange] unknown referral id dropped', error);
      this.deps.referral.clear();
      const { referrerId: _dropped, ...withoutReferrer } = body;
      return await this.deps.api.orderCreate({ body: withoutReferrer, headers: { 'Idempotency-Key': this.idempotencyKeyFor(withoutReferrer) } });
    }
  }

  /** §8 order creation errors. */
  /**
   * The server's §5 refusal of one of the form's fields (ERR_VALIDATION naming it) shows at that field, as the form's
   * own check would have shown it; null for any other error.
   */
  private refusedField(error: unknown): Partial<Record<DetailsField, string>> | null {
    if (!isApiError(error) || error.code !== 'ERR_VALIDATION' || !error.fields) return null;
    const named = Object.keys(error.fields);
    if (named.includes('destinationAddressMemo')) return { destinationMemo: this.memoError('destinationMemo') ?? 'error_memo_incorrect' };
    if (named.includes('refundAddressMemo')) return { refundMemo: this.memoError('refundMemo') ?? 'error_memo_incorrect' };
    if (named.includes('destinationAddress')) return { destinationAddress: 'error_address_incorrect' };
    if (named.includes('refundAddress')) {
      const same = /differ/i.test(error.fields.refundAddress ?? '');
      return { refundAddress: same ? 'error_address_must_be_different' : 'error_address_incorrect' };
    }
    if (named.includes('maxSlippage')) return { maxSlippage: 'error_slippage_range' };
    return null;
  }

  private createErrorKey(error: unknown): string {
    if (isApiError(error)) {
      if ((error.statusCode === 403 || error.code === 'ERR_FORBIDDEN') && /client data is blacklisted/i.test(error.message)) return 'error_address_blacklisted';
      if (isUnknownReferrer(error)) this.deps.referral.clear();
    }
    console.warn('[mfe-exchange] order creation failed', error);
    return 'error_create_exchange';
  }

  /** The page is gone (its root store disposes this): a create still running stops waiting and navigates nowhere. */
  dispose(): void {
    this.disposed = true;
    for (const field of ['destinationAddress', 'refundAddress'] as const) clearTimeout(this.addressChecks[field]);
    this.stopCardFlowPreload();
    this.cardFlow?.dispose();
  }
}

function isUnknownReferrer(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 404 || error.code === 'ERR_NOT_FOUND') && /referrerAffiliateId/.test(error.message);
}
